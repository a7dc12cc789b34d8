import { spawn } from 'node:child_process';
import path from 'node:path';

/** Runs `npm run migrate` (its source, as the tests run TypeScript) on the database of `env`; its output. */
export function runMigrateCli(env: Record<string, string>): Promise<string> {
  const root = path.join(__dirname, '..', '..');
  const child = spawn(process.execPath, ['--require', './scripts/register-ts.js', 'src/cli/migrate.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`migrate exited ${code}: ${output}`)))),
  );
}
