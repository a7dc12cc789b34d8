import { duration, integer, size, text } from './setting-kinds';

export const FILE_SIZE_LIMIT = size({
  name: 'FILE_SIZE_LIMIT',
  description:
    'largest file an entry takes; a larger upload is 413 as soon as it is known (from `Content-Length`, or while streaming), ' +
    "before it is buffered. File contents are stored in the database (1 MiB per row), in the same transaction as the file's " +
    'metadata (on SQLite the rows are written just before it, one statement at a time so that other requests are served in ' +
    "between, and deleted again if it fails). The JSON form's base64 `data` is decoded 64 KiB at a time, with the other requests served in between",
  default: 25 * 1024 ** 2,
});

export const ENTRY_FILES_LIMIT = integer({
  name: 'ENTRY_FILES_LIMIT',
  description: 'most files an entry has; a new file past it is 422 (`validation`); replacing a file (PUT to its id) is not a new file',
  default: 1000,
});

export const FILE_VERSIONS_LIMIT = integer({
  name: 'FILE_VERSIONS_LIMIT',
  description:
    'most earlier versions (`previous`) a file keeps; a replacement past it drops the oldest version and deletes its content, ' +
    'so a file can be replaced any number of times while what it holds stays bounded',
  default: 100,
});

export const FILE_LINK_SECRET = text({
  name: 'FILE_LINK_SECRET',
  description: "the key of files' signed links; replacing it (or the file in `DATA_DIR`) revokes every link",
  minBytes: 32,
  defaultText: 'generated in `DATA_DIR` (`file-link-secret`)',
});

export const FILE_LINK_LIFETIME = duration({
  name: 'FILE_LINK_LIFETIME',
  description: "how long a file's signed `url` works without a token",
  default: 3_600_000,
  atLeast: { ms: 1000, words: 'one second' },
});

export const SPOOL_LIFETIME = duration({
  name: 'SPOOL_LIFETIME',
  description:
    'how long a spooled temporary file (`/silo/v1/spool`) lives; an expired one is 404, and its rows are deleted when it is asked ' +
    'for or by a sweep that runs every minute (every `SPOOL_LIFETIME` when shorter), 100 files per run',
  default: 86_400_000,
});

export const SPOOL_ITEMS_LIMIT = integer({
  name: 'SPOOL_ITEMS_LIMIT',
  description:
    "most live spooled files a workspace may hold; past it an upload is 413 until some are deleted or expire. Each file is at most `FILE_SIZE_LIMIT`, its bytes stored as files' are",
  default: 1000,
});

export const FILE_SETTINGS = [
  FILE_SIZE_LIMIT,
  ENTRY_FILES_LIMIT,
  FILE_VERSIONS_LIMIT,
  FILE_LINK_SECRET,
  FILE_LINK_LIFETIME,
  SPOOL_LIFETIME,
  SPOOL_ITEMS_LIMIT,
];
