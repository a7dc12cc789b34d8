import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a copy stands: the list page being read (by the cursor that fetched it) and the ids of that page
 * already handled, plus the sink's position (an output file's length) after the last line that counts. Written
 * after each entry, atomically, so a process killed at any moment resumes at a state it recorded whole.
 */
export interface CopyState {
  format: 'silo-migration-checkpoint';
  origin: string;
  workspace: string;
  /** The cursor that fetched the current page; null for the first page. */
  cursor: string | null;
  /** Ids of the current page already handled (written, present or failed). */
  done: string[];
  /** The sink's position after the last recorded line (the output file's byte length); null before the header. */
  position: number | null;
  copied: number;
  present: number;
  failed: { id: string; reason: string }[];
  notes: string[];
  started_at: string;
}

export interface CheckpointStore {
  load(): CopyState | undefined;
  save(state: CopyState): void;
}

/** A checkpoint in a JSON file, replaced by writing a temporary file and renaming it over the old one. */
export class CheckpointFile implements CheckpointStore {
  constructor(readonly file: string) {}

  load(): CopyState | undefined {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const state = JSON.parse(text) as CopyState;
    if (state.format !== 'silo-migration-checkpoint') throw new Error(`${this.file} is not a migration checkpoint`);
    return state;
  }

  save(state: CopyState): void {
    const temporary = path.join(path.dirname(this.file), `.${path.basename(this.file)}.${process.pid}.tmp`);
    const fd = openSync(temporary, 'w');
    try {
      writeSync(fd, JSON.stringify(state));
      // On disk before the rename: a crash of the machine too leaves the old checkpoint or the whole new one.
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, this.file);
  }
}
