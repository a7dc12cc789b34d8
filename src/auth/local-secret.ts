import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../private-files';

export const LOCAL_SECRET_FILE = 'jwt-secret';

/**
 * The HS256 secret used when no JWT key is configured: made once in the data folder and kept,
 * so that tokens stay valid across restarts. Returns whether it was just created.
 */
export function localSecret(dataDir: string): { secret: string; created: boolean } {
  return keptSecret(dataDir, LOCAL_SECRET_FILE);
}

/**
 * A random secret in `fileName` of the data folder (0600): made the first time, read every time after.
 * Replacing or deleting the file replaces the secret, and so invalidates whatever it signed.
 */
export function keptSecret(dataDir: string, fileName: string): { secret: string; created: boolean } {
  const file = path.join(dataDir, fileName);
  try {
    return { secret: readFileSync(file, 'utf8').trim(), created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  makePrivateDir(dataDir);
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    return { secret, created: true };
  } catch (error) {
    // Another process made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { secret: readFileSync(file, 'utf8').trim(), created: false };
    throw error;
  }
}
