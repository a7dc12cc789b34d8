import type { SigningKeys } from '../../signing/signing-keys';
import type { Entry, EntryFault, SignatureVerdict, Snippet } from '../entries/model/entry';
import type { EntryLimits } from '../entries/model/entry-limits';
import { LineRefusal } from './entry-line-checks';
import { importRecordOf, isObj, type BytesOf } from './entry-line-read';
import type { EntryBundle, EntryTransferStore, ImportOutcome, ImportRecord, TransferContent } from './entry-transfer-store';
import { DomainError } from '../shared/errors';
import { OverlongLine } from './import-lines';
import { parseJsonText } from '../shared/json-text';

export { LineRefusal } from './entry-line-checks';
export { importRecordOf, type BytesOf } from './entry-line-read';

/**
 * The export format, version 1 (docs/operations.md, "Moving data"): NDJSON, a header line, one line per entry oldest first,
 * and an end line. Written by `npm run export`, read by `npm run import`; `migrate-from` writes it too.
 */
export const EXPORT_FORMAT = 'silo-entries';
export const EXPORT_VERSION = 1;

export interface ExportHeader {
  format: string;
  version: number;
  service: string;
  workspace: string;
  exported_at: string;
  since?: string;
  after?: string;
  count?: number;
  files: 'inline' | 'dir';
  /** Set by a migration: the remote API the lines were read from (its version ids are kept as given). */
  origin?: string;
}

export interface EndLine {
  type: 'end';
  count: number;
}

interface VersionLine {
  version: string;
  at: string;
  invalid: boolean;
  signed: boolean;
  src: string;
  envelope: string;
}

interface StateLine {
  id: string;
  key: string;
  notes?: string;
  meta?: Record<string, string>;
  src: string;
  at: string;
  created_at: string;
}

interface MetaLine {
  src: string;
  key: string;
  value?: Record<string, unknown>;
  ref?: string;
  owner_id?: string;
  owned: boolean;
  indexed: boolean;
  secure: boolean;
  shared: boolean;
  link_scope?: string;
  link_url?: string;
  created_at: string;
  updated_at: string;
}

export interface PreviousContentLine {
  id: string;
  created_at: string;
  sha256: string;
  size: number;
  data?: string;
}

export interface FileLine {
  id: string;
  name: string;
  desc?: string;
  key?: string;
  category?: string;
  mime: string;
  size: number;
  sha256: string;
  stored: boolean;
  embeddable?: boolean;
  private?: boolean;
  url?: string;
  meta?: Record<string, unknown>;
  created_at: string;
  content_id?: string;
  data?: string;
  previous: PreviousContentLine[];
}

export interface EntryLine {
  type: 'entry';
  id: string;
  key?: string;
  folder: string;
  created_at: string;
  updated_at: string;
  state?: string;
  doc_schema: string;
  env_schema: string;
  signed: boolean;
  invalid: boolean;
  digest: { alg: string; val: string };
  version: string;
  snippet: Snippet;
  tags: string[];
  faults: EntryFault[];
  signature?: SignatureVerdict;
  /** Not in the first draft of the format: the entry `previous_id` named, a reference its envelope does not hold. */
  previous_id?: string;
  envelope: string;
  versions: VersionLine[];
  states: StateLine[];
  meta: MetaLine[];
  files: FileLine[];
}

/** Drops undefined members, so that absent fields are absent from the line, not null. */
const present = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
const time = (date: Date) => date.toISOString();

export function headerLine(fields: Omit<ExportHeader, 'format' | 'version'>): string {
  return JSON.stringify(present({ format: EXPORT_FORMAT, version: EXPORT_VERSION, ...fields }));
}

export const endLine = (count: number): string => JSON.stringify({ type: 'end', count } satisfies EndLine);

/** An entry as its line; `inline` puts the bytes of its files in it (base64), else the caller writes them apart. */
export function entryLineOf(bundle: EntryBundle, options: { inline: boolean }): EntryLine {
  const { entry } = bundle;
  if (entry.dataJson === undefined) throw new Error(`entry ${entry.id} was read without its envelope`);
  const versions: VersionLine[] = bundle.versions.length
    ? bundle.versions.map(({ version, data }) => ({
        version: version.version,
        at: time(version.at),
        invalid: version.invalid,
        signed: version.signed,
        src: version.src,
        envelope: data,
      }))
    : // Never changed: its one version is the row itself.
      [
        {
          version: entry.version!,
          at: time(entry.createdAt),
          invalid: entry.invalid,
          signed: entry.signed,
          src: 'api',
          envelope: entry.dataJson,
        },
      ];
  const data = (content: TransferContent | undefined) => (options.inline && content?.bytes ? content.bytes.toString('base64') : undefined);
  return present({
    type: 'entry' as const,
    id: entry.id,
    key: entry.key,
    folder: entry.folder,
    created_at: time(entry.createdAt),
    updated_at: time(entry.updatedAt),
    state: entry.state,
    doc_schema: entry.docSchema,
    env_schema: entry.envSchema,
    signed: entry.signed,
    invalid: entry.invalid,
    digest: { alg: entry.digest.alg, val: entry.digest.val },
    version: entry.version!,
    snippet: entry.snippet,
    tags: entry.tags,
    faults: entry.faults,
    signature: entry.signature,
    previous_id: bundle.previousId,
    envelope: entry.dataJson,
    versions,
    states: [...bundle.states]
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((s) =>
        present({ id: s.id, key: s.key, notes: s.notes, meta: s.meta, src: s.src, at: time(s.at), created_at: time(s.createdAt) }),
      ),
    meta: bundle.meta.map((m) =>
      present({
        src: m.src,
        key: m.key,
        value: m.value,
        ref: m.ref,
        owner_id: m.ownerId,
        owned: m.owned,
        indexed: m.indexed,
        secure: m.secure,
        shared: m.shared,
        link_scope: m.linkScope,
        link_url: m.linkUrl,
        created_at: time(m.createdAt),
        updated_at: time(m.updatedAt),
      }),
    ),
    files: bundle.files.map(({ file, current, previous }) =>
      present({
        id: file.id,
        name: file.name,
        desc: file.desc,
        key: file.key,
        category: file.category,
        mime: file.mime,
        size: file.size,
        sha256: file.hash,
        stored: file.stored,
        embeddable: file.embeddable,
        private: file.private,
        url: file.url,
        meta: file.meta,
        created_at: time(file.createdAt),
        content_id: file.contentId,
        data: data(current),
        previous: previous.map((p) => present({ id: p.id, created_at: time(p.createdAt), sha256: p.hash, size: p.size, data: data(p) })),
      }),
    ),
  });
}

/** Reads the header line; refuses an unknown format or version. */
export function parseHeader(text: string): ExportHeader {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new LineRefusal('unknown export format: the first line is not JSON');
  }
  const header = value as Partial<ExportHeader> | null;
  if (typeof header !== 'object' || header === null || header.format !== EXPORT_FORMAT || header.version !== EXPORT_VERSION) {
    throw new LineRefusal(`unknown export format (expected "format":"${EXPORT_FORMAT}","version":${EXPORT_VERSION})`);
  }
  return header as ExportHeader;
}

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
 * Reads the lines of an export (or of a migration) and writes each entry into `workspaceId`, each in its own
 * transaction, checked before anything of it is written. The reusable unit behind `npm run import`: `migrate-from`
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
   * One entry line, already read as a value, checked and written in its own transaction: what `migrate-from` hands
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
