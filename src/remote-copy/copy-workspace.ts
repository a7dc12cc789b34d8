import type { EntryLine, ExportLine, HeaderLine } from './export-lines';
import type { CheckpointStore, CopyState } from './checkpoint';
import { EntryFailure, type EntrySummary, type ListPage } from './remote-workspace';

/**
 * Where a copy's lines go: a file of the export format, or a database through the import's restorer.
 * `present` is an entry the sink already had (the same id and content), counted apart from those written.
 */
export interface CopySink {
  write(line: ExportLine): Promise<'written' | 'present'>;
  /** What the checkpoint records after each line, given back to resume the sink there (an output file's length). */
  position?(): number;
  /** The entries the sink holds, for the verification; without it only the counts are compared. */
  written?(): AsyncIterable<EntrySummary>;
}

/** A checkpoint file of another remote or workspace: resuming from it would mix two copies. */
export class CheckpointMismatchError extends Error {}

/** What a copy reads: a remote workspace (RemoteWorkspace), or a fake in a unit test. */
export interface CopySource {
  header(): HeaderLine;
  page(cursor: string | undefined): Promise<ListPage>;
  /** The entry's line; what may not be whole is added to `notes`. */
  entryLine(id: string, notes: string[]): Promise<EntryLine>;
  summaries(): AsyncIterable<EntrySummary>;
}

export interface CopyProgress {
  start(total: number, done: number): void;
  update(done: number): void;
  stop(): void;
}

export interface Verification {
  remoteCount: number;
  writtenCount: number;
  /** On the remote, not in the sink (failed entries, or entries created after their page was read). */
  missing: string[];
  /** In the sink, not on the remote (deleted since). */
  unexpected: string[];
  duplicated: string[];
  /** In both, with another digest (changed on the remote since it was copied). */
  changed: string[];
  digestsCompared: boolean;
}

export interface CopyReport {
  copied: number;
  present: number;
  failed: { id: string; reason: string }[];
  /** What was copied but may not be whole, e.g. an entry with more versions than the remote lists. */
  notes: string[];
  verification: Verification;
  ok: boolean;
}

const newState = (header: HeaderLine): CopyState => ({
  format: 'silo-migration-checkpoint',
  origin: header.origin ?? '',
  workspace: header.workspace,
  cursor: null,
  done: [],
  position: null,
  copied: 0,
  present: 0,
  failed: [],
  notes: [],
  started_at: header.exported_at,
});

/** A step of reading a workspace: an entry's line, an entry that could not be read whole, or the list's next page. */
export type ReadStep =
  | { kind: 'entry'; id: string; line: EntryLine; notes: string[] }
  | { kind: 'failed'; id: string; reason: string }
  /** The list goes on at the page of this cursor: every entry before it was yielded. */
  | { kind: 'page'; cursor: string };

/**
 * The reader: the workspace's entries oldest first, from the page of `from.cursor` (the first page without one),
 * leaving out the ids of that page in `from.done`. A refused token, an unavailable remote or one that is not a
 * silo API is thrown; an entry that cannot be copied whole is a `failed` step.
 */
export async function* readEntries(source: CopySource, from: { cursor?: string; done?: Iterable<string> } = {}): AsyncGenerator<ReadStep> {
  let cursor = from.cursor;
  let done = new Set(from.done ?? []);
  for (;;) {
    const page = await source.page(cursor);
    for (const { id } of page.entries) {
      if (done.has(id)) continue;
      const notes: string[] = [];
      try {
        yield { kind: 'entry', id, line: await source.entryLine(id, notes), notes };
      } catch (error) {
        if (!(error instanceof EntryFailure)) throw error;
        yield { kind: 'failed', id, reason: error.message };
      }
    }
    // The end of the list, or a cursor that does not move (a remote bug that would repeat a page for ever).
    if (page.nextCursor === undefined || page.nextCursor === cursor) return;
    cursor = page.nextCursor;
    done = new Set();
    yield { kind: 'page', cursor };
  }
}

/** The workspace as lines of the export format, header to trailer; `onFailure` hears of the entries left out. */
export async function* workspaceLines(source: CopySource, onFailure: (id: string, reason: string) => void): AsyncGenerator<ExportLine> {
  let count = 0;
  const steps = readEntries(source);
  let step = await steps.next();
  yield source.header();
  for (; !step.done; step = await steps.next()) {
    if (step.value.kind === 'entry') {
      count++;
      yield step.value.line;
    } else if (step.value.kind === 'failed') onFailure(step.value.id, step.value.reason);
  }
  yield { type: 'end', count };
}

/**
 * Copies a workspace from `source` into `sink`, oldest entry first, recording after each entry where it stands,
 * so a run stopped at any moment (killed, the remote down past its retries) continues where it was without
 * writing an entry twice or missing one. Then verifies the sink against the remote's list, read again.
 * An entry that cannot be copied whole is reported and skipped; the token refused, the remote unavailable or
 * not a silo API stop the run (the error is thrown; the checkpoint stands).
 */
export async function copyWorkspace(options: {
  source: CopySource;
  sink: CopySink;
  checkpoint: CheckpointStore;
  progress?: CopyProgress;
}): Promise<CopyReport> {
  const { source, sink, checkpoint, progress } = options;
  const header = source.header();
  let state = checkpoint.load();
  if (state && (state.origin !== (header.origin ?? '') || state.workspace !== header.workspace)) {
    throw new CheckpointMismatchError(
      `the checkpoint is of ${state.origin} workspace ${state.workspace}, not of ${header.origin} workspace ${header.workspace}`,
    );
  }
  if (!state) {
    state = newState(header);
    checkpoint.save(state);
  }
  state.notes ??= [];
  const record = (s: CopyState) => {
    s.position = sink.position?.() ?? s.position;
    checkpoint.save(s);
  };
  const handled = (s: CopyState) => s.copied + s.present + s.failed.length;

  // The first page is read before anything is written: a remote that is not a silo API writes no file.
  const steps = readEntries(source, { cursor: state.cursor ?? undefined, done: state.done });
  let step = await steps.next();
  if (state.position === null) {
    await sink.write(header);
    state.position = 0;
    record(state);
  }

  if (progress) {
    let total = 0;
    for await (const _ of source.summaries()) total++;
    progress.start(total, handled(state));
  }
  try {
    for (; !step.done; step = await steps.next()) {
      const s = step.value;
      if (s.kind === 'page') {
        state.cursor = s.cursor;
        state.done = [];
        record(state);
        continue;
      }
      if (s.kind === 'entry') {
        // A sink may refuse one entry (the database's import checks), as the remote may fail one: reported, not fatal.
        const outcome = await sink.write(s.line).catch((error: unknown) => {
          if (error instanceof EntryFailure) return error;
          throw error;
        });
        if (outcome instanceof EntryFailure) state.failed.push({ id: s.id, reason: outcome.message });
        else if (outcome === 'present') state.present++;
        else state.copied++;
        state.notes.push(...s.notes.map((note) => `${s.id}: ${note}`));
      } else {
        state.failed.push({ id: s.id, reason: s.reason });
      }
      state.done.push(s.id);
      record(state);
      progress?.update(handled(state));
    }
  } finally {
    progress?.stop();
  }
  // The trailer is not recorded in the checkpoint: a run started again cuts it off, copies what is new and ends again.
  await sink.write({ type: 'end', count: state.copied + state.present });

  const verification = await verify(source, sink, state.copied + state.present);
  const ok =
    state.failed.length === 0 &&
    verification.remoteCount === verification.writtenCount &&
    verification.missing.length === 0 &&
    verification.unexpected.length === 0 &&
    verification.duplicated.length === 0 &&
    verification.changed.length === 0;
  return { copied: state.copied, present: state.present, failed: state.failed, notes: state.notes, verification, ok };
}

async function verify(source: CopySource, sink: CopySink, counted: number): Promise<Verification> {
  const remote = new Map<string, string>();
  for await (const e of source.summaries()) remote.set(e.id, `${e.digest?.alg}:${e.digest?.val}`);
  const result: Verification = {
    remoteCount: remote.size,
    writtenCount: counted,
    missing: [],
    unexpected: [],
    duplicated: [],
    changed: [],
    digestsCompared: false,
  };
  if (!sink.written) return result;
  result.digestsCompared = true;
  const seen = new Set<string>();
  for await (const e of sink.written()) {
    if (seen.has(e.id)) {
      result.duplicated.push(e.id);
      continue;
    }
    seen.add(e.id);
    const digest = remote.get(e.id);
    if (digest === undefined) result.unexpected.push(e.id);
    else if (digest !== `${e.digest.alg}:${e.digest.val}`) result.changed.push(e.id);
  }
  result.writtenCount = seen.size + result.duplicated.length;
  for (const id of remote.keys()) if (!seen.has(id)) result.missing.push(id);
  return result;
}
