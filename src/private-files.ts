import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';

/** The data folder and every file the service writes in it are the owner's alone: they hold secrets and documents. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** A path that group or others could reach, narrowed to the owner. */
export interface Narrowed {
  path: string;
  was: string;
  now: string;
}

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/** Creates a folder, and its missing parents, readable by the owner only. An existing one is left as it is. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Creates `file` empty with mode 0600 unless it exists, before a library opens it: SQLite gives the -wal and
 * -shm files it makes the mode of the database file, so a database made here keeps its companions private.
 */
export function makePrivateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
}

/** Narrows `path` to `mode` when group or others have any access; undefined when it is missing or already private. */
function narrow(path: string, mode: number): Narrowed | undefined {
  let current: number;
  try {
    current = statSync(path).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if ((current & 0o077) === 0) return undefined;
  chmodSync(path, mode);
  return { path, was: octal(current), now: octal(mode) };
}

/**
 * Narrows existing folders to 0700 and files to 0600 when group or others have any access (made by an older
 * version, by hand, or under a looser umask), and says which it changed. Missing paths are skipped.
 */
export function narrowToOwner(paths: { dirs: string[]; files: string[] }): Narrowed[] {
  return [...paths.dirs.map((dir) => narrow(dir, PRIVATE_DIR_MODE)), ...paths.files.map((file) => narrow(file, PRIVATE_FILE_MODE))].filter(
    (n): n is Narrowed => n !== undefined,
  );
}
