import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `npm run build` (scripts/build.js) builds a part only when its inputs changed: run on a copy of the console
 * (the smaller part, a Vite build of about two seconds), so the project's own console/dist is never touched.
 */
const ROOT = path.resolve(__dirname, '../..');
let copy: string;

beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'entries-build-'));
  cpSync(path.join(ROOT, 'console'), path.join(copy, 'console'), {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}dist`),
  });
  // What the console imports of the service (the arch rule console-reads-only-the-view), and the lock file.
  for (const input of ['src/render', 'src/document/base/types.ts', 'package-lock.json'])
    cpSync(path.join(ROOT, input), path.join(copy, input), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const build = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.js'), ...args], {
    env: { ...process.env, BUILD_ROOT: copy },
    encoding: 'utf8',
  });
const builtAt = () => statSync(path.join(copy, 'console', 'dist', 'index.html')).mtimeMs;

test('a part is built when its output is missing, left alone when nothing changed, and built again when an input changed', () => {
  expect(build('--only', 'console').status).toBe(0);
  const first = builtAt();

  const again = build('--only', 'console');
  expect(again.status).toBe(0);
  expect(builtAt()).toBe(first);

  const source = readdirSync(path.join(copy, 'console', 'src')).find((name) => name.endsWith('.tsx'))!;
  appendFileSync(path.join(copy, 'console', 'src', source), '\n// changed\n');
  expect(build('--only', 'console').status).toBe(0);
  expect(builtAt()).toBeGreaterThan(first);
}, 120_000);

test('an unknown flag or part exits 2 naming it', () => {
  const flag = build('--forse');
  expect(flag.status).toBe(2);
  expect(flag.stderr).toContain('--forse');
  const part = build('--only', 'everything');
  expect(part.status).toBe(2);
  expect(part.stderr).toContain('--only');
});
