/**
 * Lets `node --require ./scripts/register-ts.js script.ts` run TypeScript scripts without a build step:
 * each .ts file is transpiled in memory with the project's own TypeScript compiler (no type checking).
 */
const fs = require('node:fs');
const ts = require('typescript');

require.extensions['.ts'] = function compileTs(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
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
  module._compile(outputText, filename);
};
