import { DEFAULT_ENTRY_LIMITS } from '../../domain/entries/model/entry-limits';
import { defaultImportLineLimit } from '../../domain/transfer/import-lines';
import { size, text } from './setting-kinds';
import { BODY_LIMIT } from './entries';
import { FILE_SIZE_LIMIT } from './files';

export const IMPORT_LINE_LIMIT = size({
  name: 'IMPORT_LINE_LIMIT',
  description:
    "longest line `npm run import` reads: an entry's envelope three times (its text, its current and one earlier version) as " +
    "JSON strings, its files' and meta rows' descriptions, and one file with an earlier content in base64. The input is read in " +
    'pieces; a longer line is counted to its newline and refused (`FILE:LINE: a line of N bytes, over IMPORT_LINE_LIMIT: refused ' +
    'unread`) without being held; entries with more bytes of files move with `--files-dir`',
  default: (get) =>
    defaultImportLineLimit({ bodyLimit: get(BODY_LIMIT), fileSizeLimit: get(FILE_SIZE_LIMIT), partsLimit: DEFAULT_ENTRY_LIMITS.parts }),
  defaultText: "from the bounds: 6 × `BODY_LIMIT` + 8 MiB (`ENTRY_PARTS_LIMIT`'s default) + 3 × `FILE_SIZE_LIMIT` (95 MiB)",
});

export const MIGRATE_FROM_TOKEN = text({
  name: 'MIGRATE_FROM_TOKEN',
  description: "a token of the remote's workspace, standing for `--token`, which keeps it out of the process list and the shell history",
  readBy: 'npm run copy-from',
});

export const COMMAND_SETTINGS = [IMPORT_LINE_LIMIT, MIGRATE_FROM_TOKEN];
