/** A line longer than the import's bound: its bytes were counted and dropped, never held. */
export class OverlongLine {
  constructor(readonly bytes: number) {}
}

const NEWLINE = 0x0a;

/**
 * The lines of a byte stream (a trailing `\r` dropped), each decoded as UTF-8 once it is whole, holding at most
 * `limit` bytes of a line at a time: a longer line is skipped to its newline and stands as an OverlongLine, so
 * that one line of a file (150 MB, say) never has to fit in memory to be refused.
 */
export async function* boundedLines(input: AsyncIterable<Buffer | string>, limit: number): AsyncGenerator<string | OverlongLine> {
  let parts: Buffer[] = [];
  let held = 0;
  let overlong = 0; // bytes of the current line once it went past the limit; 0 while within it
  const finish = (): string | OverlongLine => {
    const result = overlong > 0 ? new OverlongLine(overlong) : Buffer.concat(parts, held).toString('utf8').replace(/\r$/, '');
    parts = [];
    held = 0;
    overlong = 0;
    return result;
  };
  const take = (piece: Buffer) => {
    if (overlong > 0) overlong += piece.length;
    else if (held + piece.length > limit) {
      overlong = held + piece.length;
      parts = [];
      held = 0;
    } else {
      parts.push(piece);
      held += piece.length;
    }
  };
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    for (let end = bytes.indexOf(NEWLINE, start); end !== -1; end = bytes.indexOf(NEWLINE, start)) {
      take(bytes.subarray(start, end));
      yield finish();
      start = end + 1;
    }
    // Copied, so that a held piece does not keep the stream's whole chunk alive.
    if (start < bytes.length) take(Buffer.from(bytes.subarray(start)));
  }
  if (held > 0 || overlong > 0) yield finish();
}

/**
 * IMPORT_LINE_LIMIT's default: the line of an entry at the bounds a create and an upload hold, its envelope of
 * BODY_LIMIT written three times (the entry's, the current version's and an earlier one's) as JSON strings that may
 * double it, its files' and meta rows' descriptions (ENTRY_PARTS_LIMIT), and a file of FILE_SIZE_LIMIT with an
 * earlier content, in base64. Entries carrying more bytes of files than that move with `--files-dir`.
 */
export const defaultImportLineLimit = (bounds: { bodyLimit: number; partsLimit: number; fileSizeLimit: number }): number =>
  6 * bounds.bodyLimit + bounds.partsLimit + 3 * bounds.fileSizeLimit;
