import type { EndLine, EntryLine, ExportHeader } from '../domain/transfer/entry-export';

/**
 * The lines of the export format as a copy writes them: the import's own types (src/domain/transfer/entry-export.ts),
 * so that what `migrate-from` produces is what `import` reads.
 */
export type { EndLine, EntryLine, FileLine, PreviousContentLine as FileVersionLine } from '../domain/transfer/entry-export';

/** A copy's header: the format's, with the remote API it was read from. */
export type HeaderLine = ExportHeader & { format: 'silo-entries'; version: 1 };

export type ExportLine = HeaderLine | EntryLine | EndLine;
