/**
 * Lets `node --require ./scripts/register-ts.js script.ts` run TypeScript scripts without a build step:
 * each .ts file is transpiled in memory with the project's own TypeScript compiler (no type checking).
 * Transpiled files are kept in the system's temp folder, keyed by their path and content, so that a
 * second process (a worker thread of the engine pool, say) starts without transpiling again.
 */
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const ts = require('typescript');

const CACHE = path.join(os.tmpdir(), `entries-register-ts-${ts.version}`);

function transpile(source, filename) {
  const key = createHash('sha256').update(filename).update('\0').update(source).digest('hex');
  const cached = path.join(CACHE, `${key}.js`);
  try {
    return fs.readFileSync(cached, 'utf8');
  } catch {
    // not cached yet
  }
  const { outputText } = ts.transpileModule(source, {
    fileName: filename,
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      sourceMap: false,
      inlineSourceMap: true,
    },
  });
  try {
    fs.mkdirSync(CACHE, { recursive: true, mode: 0o700 });
    const partial = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    fs.writeFileSync(partial, outputText, { mode: 0o600 });
    fs.renameSync(partial, cached);
  } catch {
    // a cache that cannot be written only costs time
  }
  return outputText;
}

require.extensions['.ts'] = function compileTs(module, filename) {
  module._compile(transpile(fs.readFileSync(filename, 'utf8'), filename), filename);
};
