/**
 * `npm run build`, done only where something changed: the service (tsc into dist/) and the console (Vite into
 * console/dist/) each keep a digest of their inputs' contents beside their output, and a part whose inputs hash to
 * the same digest, and whose output is still there, is not built again. So `npm start`, `npm run token` and the
 * other commands that build first start in about a second on a built tree instead of after a whole build.
 *
 * Usage: node scripts/build.js [--force] [--only service|console]
 */
const { spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const { existsSync, readdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');

/** The project to build: this one, or (for the build's own test) a copy named by BUILD_ROOT. */
const ROOT = process.env.BUILD_ROOT ? path.resolve(process.env.BUILD_ROOT) : path.resolve(__dirname, '..');
const bin = (pkg, file) => path.join(ROOT, 'node_modules', pkg, file);

const PARTS = [
  {
    name: 'service',
    inputs: ['src', 'migrations', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'],
    output: 'dist/src/main.js',
    stamp: 'dist/.build-digest',
    command: [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.build.json'],
  },
  {
    name: 'console',
    // What the console bundles of the service is only these two (the arch rule console-reads-only-the-view).
    inputs: [
      'console/src',
      'console/index.html',
      'console/vite.config.mts',
      'console/tsconfig.json',
      'src/render',
      'src/document/base/types.ts',
      'package-lock.json',
    ],
    output: 'console/dist/index.html',
    stamp: 'console/dist/.build-digest',
    command: [bin('vite', 'bin/vite.js'), 'build', '--config', 'console/vite.config.mts'],
  },
];

/** Every file under the inputs, sorted, so the digest does not depend on the order the file system lists them in. */
function filesOf(input, found = []) {
  const full = path.join(ROOT, input);
  if (!existsSync(full)) return found;
  if (!statSync(full).isDirectory()) {
    found.push(input);
    return found;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    filesOf(path.join(input, entry.name), found);
  }
  return found;
}

/** A digest of the inputs' paths and contents (times change with every clone or checkout; contents do not). */
function digestOf(part) {
  const hash = createHash('sha256');
  for (const file of part.inputs.flatMap((input) => filesOf(input)).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        force: { type: 'boolean', default: false },
        only: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`build: ${error.message}\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write('Usage: node scripts/build.js [--force] [--only service|console]\nBuilds what changed since the last build.\n');
    return;
  }
  const parts = PARTS.filter((part) => !values.only || part.name === values.only);
  if (parts.length === 0) {
    process.stderr.write(`build: --only takes ${PARTS.map((part) => part.name).join(' or ')}\n`);
    process.exit(2);
  }
  for (const part of parts) {
    const digest = digestOf(part);
    const stamp = path.join(ROOT, part.stamp);
    const upToDate =
      !values.force && existsSync(path.join(ROOT, part.output)) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === digest;
    if (upToDate) continue;
    const built = spawnSync(process.execPath, part.command, { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
    // Written after the build, from the digest taken before it: an input edited meanwhile is built next time.
    writeFileSync(stamp, `${digest}\n`);
  }
}

main();
