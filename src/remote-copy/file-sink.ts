import { closeSync, createReadStream, fdatasyncSync, fstatSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { PRIVATE_FILE_MODE } from '../private-files';
import type { ExportLine } from './export-lines';
import type { EntrySummary } from './remote-workspace';
import type { CopySink } from './copy-workspace';

/**
 * The export-format file a copy writes, one line per write. On resume it is cut back to the length the
 * checkpoint recorded, so a line half written (or written but not yet recorded) when the process died is gone
 * and written again.
 */
export class FileSink implements CopySink {
  private readonly fd: number;
  private length: number;

  private constructor(
    readonly file: string,
    fd: number,
    length: number,
  ) {
    this.fd = fd;
    this.length = length;
  }

  /** A new file; one that exists and is not empty is refused (a checkpoint is what resumes it). */
  static create(file: string): FileSink {
    // Owner-only, like an export: it holds every document of the workspace.
    const fd = openSync(file, 'a+', PRIVATE_FILE_MODE);
    if (fstatSync(fd).size > 0) {
      closeSync(fd);
      throw new Error(`${file} exists and has no checkpoint: give its --checkpoint to resume, or another --out`);
    }
    return new FileSink(file, fd, 0);
  }

  /** An existing file, resumed at `length` bytes. */
  static resume(file: string, length: number): FileSink {
    const fd = openSync(file, 'r+');
    const size = fstatSync(fd).size;
    if (size < length) {
      closeSync(fd);
      throw new Error(`${file} has ${size} bytes, its checkpoint recorded ${length}: it is not the file the checkpoint belongs to`);
    }
    ftruncateSync(fd, length);
    return new FileSink(file, fd, length);
  }

  async write(line: ExportLine): Promise<'written'> {
    const bytes = Buffer.from(`${JSON.stringify(line)}\n`, 'utf8');
    let at = 0;
    while (at < bytes.length) at += writeSync(this.fd, bytes, at, bytes.length - at, this.length + at);
    this.length += bytes.length;
    // On disk before the checkpoint that counts it is written.
    fdatasyncSync(this.fd);
    return 'written';
  }

  position(): number {
    return this.length;
  }

  /** The entries the file holds, id and digest, for the verification. */
  async *written(): AsyncGenerator<EntrySummary> {
    const lines = createInterface({ input: createReadStream(this.file, { end: Math.max(0, this.length - 1) }), crlfDelay: Infinity });
    for await (const text of lines) {
      if (text === '') continue;
      const line = JSON.parse(text) as { type?: string; id?: string; digest?: EntrySummary['digest'] };
      if (line.type === 'entry') yield { id: line.id as string, digest: line.digest as EntrySummary['digest'] };
    }
  }

  close(): void {
    closeSync(this.fd);
  }
}
