import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const CONSOLE_DIST = path.resolve(__dirname, '..', '..', 'console', 'dist');

/**
 * The console's build, made when missing: `npm test` builds it before the tests, and a test file run alone
 * builds it here (about two seconds) rather than fail.
 */
export function ensureConsoleBuilt(): string {
  if (!existsSync(path.join(CONSOLE_DIST, 'index.html'))) {
    execFileSync('npm', ['run', '--silent', 'build:console'], {
      cwd: path.resolve(__dirname, '..', '..'),
      stdio: 'inherit',
    });
  }
  return CONSOLE_DIST;
}
