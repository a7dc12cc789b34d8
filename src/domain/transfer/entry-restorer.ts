import type { SigningKeys } from '../../signing/signing-keys';
import type { Entry } from '../entries/model/entry';
import type { EntryLimits } from '../entries/model/entry-limits';
import { LineRefusal } from './entry-line-checks';
import { importRecordOf, isObj, type BytesOf } from './entry-line-read';
import type { EntryTransferStore, ImportOutcome, ImportRecord } from './entry-transfer-store';
import { DomainError } from '../shared/errors';
import { OverlongLine } from './import-lines';
import { parseJsonText } from '../shared/json-text';
import { ExportHeader, parseHeader } from './entry-export';

/** The tally of an import, and its one-line report. */
export interface ImportReport {
  imported: number;
  present: number;
  conflicts: number;
  refused: number;
  /** `FILE:LINE: reason` of each refused or conflicting line, in order. */
  problems: string[];
  /** False when the input ended without its end line. */
  complete: boolean;
  /** Set when the import stopped early (`--on-conflict fail`, an unknown format). */
  stopped?: string;
}

export const reportLine = (r: ImportReport): string =>
  `imported ${r.imported}, skipped as present ${r.present}, conflicts ${r.conflicts}, refused ${r.refused}`;

export const CUT_SHORT = 'the export ends without its end line: it was cut short';

/** What an import writes through: the store's one call. */
export type RestoreTarget = Pick<EntryTransferStore, 'importEntries'>;

/**
 * Entries written per transaction, and the most bytes of lines a batch holds before it is written: its rows go in
 * multi-row INSERTs, which stay well under MySQL's max_allowed_packet (a larger entry is a batch by itself).
 */
const BATCH_ENTRIES = 100;
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Reads the lines of an export (or of a remote copy) and writes each entry into `workspaceId`, each in its own
 * transaction, checked before anything of it is written. The reusable unit behind `npm run import`: `copy-from`
 * hands it its lines too.
 */
export class EntryRestorer {
  constructor(
    private readonly target: RestoreTarget,
    private readonly options: {
      newId: () => string;
      clock: () => Date;
      bytesOf?: BytesOf;
      keys?: SigningKeys;
      limits?: Pick<EntryLimits, 'metaRows' | 'refs'>;
    },
  ) {}

  async restore(
    lines: AsyncIterable<string | OverlongLine> | Iterable<string | OverlongLine>,
    workspaceId: string,
    options: { source: string; onConflict: 'skip' | 'fail' },
  ): Promise<ImportReport> {
    const report: ImportReport = { imported: 0, present: 0, conflicts: 0, refused: 0, problems: [], complete: false };
    const numbered: { number: number; text: string }[] = [];
    const problem = (number: number, reason: string) => numbered.push({ number, text: `${options.source}:${number}: ${reason}` });
    // Problems in the order of their lines (a batch's conflicts are known after the refusals of later lines).
    const finish = () => {
      report.problems = numbered.sort((a, b) => a.number - b.number).map((p) => p.text);
      return report;
    };
    // Checked entries waiting to be written together: each keeps its own outcome, and a refused line among them
    // is reported in its place.
    let batch: { number: number; record: ImportRecord }[] = [];
    let batchBytes = 0;
    const flush = async (): Promise<boolean> => {
      if (batch.length === 0) return true;
      const pending = batch;
      batch = [];
      batchBytes = 0;
      const outcomes = await this.target.importEntries(
        workspaceId,
        pending.map((p) => p.record),
        { stopAtConflict: options.onConflict === 'fail' },
      );
      for (const [i, outcome] of outcomes.entries()) {
        const { number, record } = pending[i];
        if (outcome === 'imported') report.imported++;
        else if (outcome === 'present') report.present++;
        else {
          report.conflicts++;
          const reason = conflictReason(record.entry, outcome as Exclude<ImportOutcome, 'imported' | 'present'>);
          problem(number, reason);
          if (outcome === 'conflict' && options.onConflict === 'fail') {
            report.stopped = reason;
            report.complete = true; // stopped on purpose, not cut short
            return false;
          }
        }
      }
      return true;
    };
    let number = 0;
    let header: ExportHeader | undefined;
    let ended = false;
    for await (const text of lines) {
      number++;
      if (text instanceof OverlongLine) {
        const reason = `a line of ${text.bytes} bytes, over IMPORT_LINE_LIMIT: refused unread`;
        problem(number, header === undefined ? `unknown export format: ${reason}` : reason);
        if (header === undefined) {
          report.stopped = reason;
          return finish();
        }
        report.refused++;
        continue;
      }
      if (text.trim() === '') continue;
      if (header === undefined) {
        try {
          header = parseHeader(text);
        } catch (error) {
          problem(number, (error as Error).message);
          report.stopped = (error as Error).message;
          return finish();
        }
        continue;
      }
      if (ended) {
        problem(number, 'a line after the end line');
        report.refused++;
        continue;
      }
      let value: unknown;
      try {
        value = parseLine(text);
      } catch (error) {
        if (!(error instanceof LineRefusal)) throw error;
        problem(number, error.message);
        report.refused++;
        continue;
      }
      if (isObj(value) && value.type === 'end') {
        ended = true;
        continue;
      }
      try {
        const record = this.recordOf(value, workspaceId, header.origin !== undefined);
        batch.push({ number, record });
        batchBytes += text.length;
      } catch (error) {
        if (!(error instanceof LineRefusal)) throw error;
        problem(number, error.message);
        report.refused++;
        continue;
      }
      if ((batch.length >= BATCH_ENTRIES || batchBytes >= BATCH_BYTES) && !(await flush())) return finish();
    }
    if (!(await flush())) return finish();
    if (header === undefined) {
      problem(1, 'unknown export format: the input is empty');
      report.stopped = 'empty input';
      return finish();
    }
    report.complete = ended;
    return finish();
  }

  /**
   * One entry line, already read as a value, checked and written in its own transaction: what `copy-from` hands
   * over as it reads each entry. A line that does not check is a LineRefusal; a conflict comes with its reason.
   */
  async restoreEntry(
    value: unknown,
    workspaceId: string,
    options: { recomputeVersionIds: boolean },
  ): Promise<{ outcome: ImportOutcome; reason?: string }> {
    const record = this.recordOf(value, workspaceId, options.recomputeVersionIds);
    const [outcome] = await this.target.importEntries(workspaceId, [record], { stopAtConflict: false });
    return outcome === 'imported' || outcome === 'present' ? { outcome } : { outcome, reason: conflictReason(record.entry, outcome) };
  }

  private recordOf(value: unknown, workspaceId: string, recomputeVersionIds: boolean): ImportRecord {
    const { bytesOf, newId, clock, keys, limits } = this.options;
    return importRecordOf(value, workspaceId, {
      recomputeVersionIds,
      bytesOf: bytesOf ?? (() => undefined),
      newId,
      now: clock(),
      keys,
      limits,
    });
  }
}

/** Why an entry was not imported although its line checked: its id, its key or the id of one of its parts is held here. */
function conflictReason(entry: Entry, outcome: Exclude<ImportOutcome, 'imported' | 'present'>): string {
  if (outcome === 'key-taken') return `entry ${entry.id}: its key "${entry.key}" is taken by another entry`;
  if (outcome === 'part-taken') return `entry ${entry.id}: the id of one of its files' contents is held by another entry here`;
  return `entry ${entry.id} is present with other content (digest or version differ)`;
}

/** An entry line's value, read by the create's strict parser: a key twice in one object is refused, not guessed at. */
function parseLine(text: string): unknown {
  try {
    return parseJsonText(text);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (/not valid JSON/.test(error.message)) throw new LineRefusal('not JSON (a truncated line?)');
    throw new LineRefusal(error.message.replace('the request body', 'the line'));
  }
}
