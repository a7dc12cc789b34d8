import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FILE_NAME = 'jwt-secret';

/**
 * The HS256 secret used when no JWT key is configured: made once in the data folder and kept,
 * so that tokens stay valid across restarts. Returns whether it was just created.
 */
export function localSecret(dataDir: string): { secret: string; created: boolean } {
  const file = path.join(dataDir, FILE_NAME);
  try {
    return { secret: readFileSync(file, 'utf8').trim(), created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return { secret, created: true };
  } catch (error) {
    // Another process made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { secret: readFileSync(file, 'utf8').trim(), created: false };
    throw error;
  }
}
