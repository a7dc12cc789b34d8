import type { Envelope } from '../document';
import { digestOf } from '../document/head/header';
import type { JsonObject } from '../document/base/types';
import type { Attachment, Entry, EntryFault, Meta, SignatureVerdict, Snippet } from './entry';
import { legacyVersionOf, versionOf, type EntryState } from './entry-history';
import { referencesOf } from './entry-refs';
import { entrySummaryJson } from './entry-summary';
import { sha256Hex } from './file-content';
import { searchTermsOf } from './search';
import type { EntryBundle, EntryTransferStore, ImportOutcome, ImportRecord, TransferContent, TransferFile } from './entry-transfer-store';

/**
 * The export format, version 1 (README, "Moving data"): NDJSON, a header line, one line per entry oldest first,
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
    ? bundle.versions.map(({ version, data }) => ({ version: version.version, at: time(version.at), invalid: version.invalid, signed: version.signed, src: version.src, envelope: data }))
    : // Never changed: its one version is the row itself.
      [{ version: entry.version!, at: time(entry.createdAt), invalid: entry.invalid, signed: entry.signed, src: 'api', envelope: entry.dataJson }];
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
      .map((s) => present({ id: s.id, key: s.key, notes: s.notes, meta: s.meta, src: s.src, at: time(s.at), created_at: time(s.createdAt) })),
    meta: bundle.meta.map((m) =>
      present({
        src: m.src, key: m.key, value: m.value, ref: m.ref, owner_id: m.ownerId, owned: m.owned, indexed: m.indexed, secure: m.secure, shared: m.shared,
        link_scope: m.linkScope, link_url: m.linkUrl, created_at: time(m.createdAt), updated_at: time(m.updatedAt),
      }),
    ),
    files: bundle.files.map(({ file, current, previous }) =>
      present({
        id: file.id, name: file.name, desc: file.desc, key: file.key, category: file.category, mime: file.mime, size: file.size, sha256: file.hash,
        stored: file.stored, embeddable: file.embeddable, private: file.private, url: file.url, meta: file.meta, created_at: time(file.createdAt),
        content_id: file.contentId, data: data(current),
        previous: previous.map((p) => present({ id: p.id, created_at: time(p.createdAt), sha256: p.hash, size: p.size, data: data(p) })),
      }),
    ),
  });
}


/** Why a line is refused: its message is the reason the import reports with the line's number. */
export class LineRefusal extends Error {}

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

// Field checks: each throws a LineRefusal naming the field.
type Obj = Record<string, unknown>;
const fail = (reason: string): never => {
  throw new LineRefusal(reason);
};
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (o: Obj, name: string, where: string): string => (typeof o[name] === 'string' ? (o[name] as string) : fail(`${where}${name} must be a string`));
const optStr = (o: Obj, name: string, where: string): string | undefined => (o[name] === undefined ? undefined : str(o, name, where));
const bool = (o: Obj, name: string, where: string): boolean => (typeof o[name] === 'boolean' ? (o[name] as boolean) : fail(`${where}${name} must be true or false`));
const optBool = (o: Obj, name: string, where: string): boolean | undefined => (o[name] === undefined ? undefined : bool(o, name, where));
const count = (o: Obj, name: string, where: string): number =>
  Number.isSafeInteger(o[name]) && (o[name] as number) >= 0 ? (o[name] as number) : fail(`${where}${name} must be a whole number`);
const obj = (o: Obj, name: string, where: string): Obj => (isObj(o[name]) ? (o[name] as Obj) : fail(`${where}${name} must be an object`));
const optObj = (o: Obj, name: string, where: string): Obj | undefined => (o[name] === undefined ? undefined : obj(o, name, where));
const list = (o: Obj, name: string, where: string): unknown[] => (Array.isArray(o[name]) ? (o[name] as unknown[]) : fail(`${where}${name} must be an array`));
const objects = (o: Obj, name: string, where: string): Obj[] =>
  list(o, name, where).map((item, i) => (isObj(item) ? item : fail(`${where}${name}[${i}] must be an object`)));
const RFC3339_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const date = (o: Obj, name: string, where: string): Date => {
  const text = str(o, name, where);
  const parsed = new Date(text);
  return RFC3339_MS.test(text) && !Number.isNaN(parsed.getTime()) ? parsed : fail(`${where}${name} must be an RFC 3339 UTC time with milliseconds`);
};

/** The id an envelope stored before versions existed goes by (legacyVersionOf its document's digest), or undefined. */
function legacyVersionOfText(text: string): string | undefined {
  try {
    const doc = (JSON.parse(text) as { doc?: unknown }).doc;
    return isObj(doc) ? legacyVersionOf(digestOf(doc as JsonObject).val) : undefined;
  } catch {
    return undefined;
  }
}

/** Where the bytes of a file come from in `--files-dir` mode: the content of that SHA-256, or undefined when missing. */
export type BytesOf = (sha256: string) => Buffer | undefined;

/**
 * An entry line checked and turned into what storage writes, for `workspaceId`. Refuses (LineRefusal) a line
 * missing a field or with one of the wrong type, an envelope that is not JSON or whose document's digest is not
 * `digest`, a version whose id is not that of its envelope text (unless `keepVersionIds`: a migration keeps the
 * remote's ids), and a file whose bytes do not have its sha256 and size. Nothing is recalculated: times, ids,
 * keys, texts and verdicts are taken as given.
 */
export function importRecordOf(
  value: unknown,
  workspaceId: string,
  options: { keepVersionIds: boolean; bytesOf: BytesOf; newId: () => string; now: Date },
): ImportRecord {
  if (!isObj(value) || value.type !== 'entry') fail('not an entry line ("type":"entry")');
  const line = value as Obj;
  const id = str(line, 'id', '');
  const envelopeText = str(line, 'envelope', '');
  let envelope: Envelope;
  try {
    envelope = JSON.parse(envelopeText) as Envelope;
  } catch {
    return fail('envelope is not JSON text');
  }
  if (!isObj(envelope) || !isObj(envelope.doc)) fail('envelope has no doc');
  const digest = obj(line, 'digest', '');
  const alg = str(digest, 'alg', 'digest.');
  const val = str(digest, 'val', 'digest.');
  const computed = digestOf(envelope.doc as JsonObject);
  if (computed.alg !== alg || computed.val !== val.toLowerCase()) fail(`digest differs from the envelope's document (${computed.alg}:${computed.val})`);
  const version = str(line, 'version', '');
  const checkVersion = (text: string, given: string, where: string) => {
    if (options.keepVersionIds || given === versionOf(text) || given === legacyVersionOfText(text)) return;
    fail(`${where}version ${given} is not the version of its envelope (${versionOf(text)})`);
  };
  checkVersion(envelopeText, version, '');

  const versionLines = objects(line, 'versions', '');
  if (versionLines.length === 0) fail('versions must hold at least the current version');
  const versions = versionLines.map((v, i) => {
    const where = `versions[${i}].`;
    const text = str(v, 'envelope', where);
    const given = str(v, 'version', where);
    checkVersion(text, given, where);
    return { version: { version: given, at: date(v, 'at', where), invalid: bool(v, 'invalid', where), signed: bool(v, 'signed', where), src: str(v, 'src', where) }, data: text };
  });
  if (versions[versions.length - 1].version.version !== version) fail('the last of versions is not the current version');

  const states: EntryState[] = objects(line, 'states', '').map((s, i) => {
    const where = `states[${i}].`;
    return {
      id: str(s, 'id', where), entryId: id, key: str(s, 'key', where), notes: optStr(s, 'notes', where),
      meta: optObj(s, 'meta', where) as Record<string, string> | undefined, src: str(s, 'src', where), at: date(s, 'at', where), createdAt: date(s, 'created_at', where),
    };
  });
  const meta: Meta[] = objects(line, 'meta', '').map((m, i) => {
    const where = `meta[${i}].`;
    return {
      entryId: id, src: str(m, 'src', where), key: str(m, 'key', where), value: optObj(m, 'value', where), ref: optStr(m, 'ref', where), ownerId: optStr(m, 'owner_id', where),
      owned: bool(m, 'owned', where), indexed: bool(m, 'indexed', where), secure: bool(m, 'secure', where), shared: bool(m, 'shared', where),
      linkScope: optStr(m, 'link_scope', where), linkUrl: optStr(m, 'link_url', where), createdAt: date(m, 'created_at', where), updatedAt: date(m, 'updated_at', where),
    };
  });
  const files: TransferFile[] = objects(line, 'files', '').map((f, i) => fileOf(f, id, `files[${i}].`, options.bytesOf));

  const signature = optObj(line, 'signature', '') as SignatureVerdict | undefined;
  const previousId = optStr(line, 'previous_id', '');
  const entry: Entry = {
    workspaceId, id, key: optStr(line, 'key', ''), folder: str(line, 'folder', ''), docSchema: str(line, 'doc_schema', ''), envSchema: str(line, 'env_schema', ''),
    state: optStr(line, 'state', ''), signed: bool(line, 'signed', ''), invalid: bool(line, 'invalid', ''), digest: { alg, val },
    snippet: obj(line, 'snippet', '') as Snippet, tags: list(line, 'tags', '').map((t) => (typeof t === 'string' ? t : fail('tags must be strings'))),
    faults: objects(line, 'faults', '') as unknown as EntryFault[], createdAt: date(line, 'created_at', ''), updatedAt: date(line, 'updated_at', ''),
    version, dataJson: envelopeText, attachments: [], meta, ...(signature ? { signature } : {}),
  };
  const record: ImportRecord = {
    entry,
    // An entry never changed has no version rows: its one version is its row.
    versions: versions.length === 1 ? [] : versions,
    states,
    meta,
    files,
    previousId,
    refs: referencesOf(envelope, previousId),
    searchTerms: searchTermsOf(entry),
    events: [
      { id: options.newId(), type: 'entry.created', workspaceId, entryId: id, createdAt: options.now, data: { ...entrySummaryJson(entry), imported: true } },
    ],
  };
  return record;
}

function fileOf(f: Obj, entryId: string, where: string, bytesOf: BytesOf): TransferFile {
  const content = (c: Obj, at: string, id: string): TransferContent => {
    const hash = str(c, 'sha256', at);
    const size = count(c, 'size', at);
    let bytes: Buffer | undefined;
    if (c.data !== undefined) {
      if (typeof c.data !== 'string') fail(`${at}data must be base64 text`);
      bytes = Buffer.from(c.data as string, 'base64');
    } else {
      bytes = bytesOf(hash);
    }
    if (bytes === undefined) fail(`${at}bytes missing (no data, and no file ${hash} in the files directory)`);
    if (bytes!.length !== size || sha256Hex(bytes!) !== hash) fail(`${at}bytes do not have the file's sha256 and size`);
    return { id, hash, size, createdAt: date(c, 'created_at', at), bytes };
  };
  const id = str(f, 'id', where);
  const stored = bool(f, 'stored', where);
  const contentId = optStr(f, 'content_id', where);
  const previous = objects(f, 'previous', where).map((p, i) => content(p, `${where}previous[${i}].`, str(p, 'id', `${where}previous[${i}].`)));
  const file: Attachment = {
    id, entryId, name: str(f, 'name', where), desc: optStr(f, 'desc', where), key: optStr(f, 'key', where), category: optStr(f, 'category', where),
    mime: str(f, 'mime', where), size: count(f, 'size', where), hash: str(f, 'sha256', where), stored, embeddable: optBool(f, 'embeddable', where),
    private: optBool(f, 'private', where), url: optStr(f, 'url', where), meta: optObj(f, 'meta', where), contentId,
    previous: previous.map((p) => ({ id: p.id, createdAt: p.createdAt, hash: p.hash, size: p.size })), createdAt: date(f, 'created_at', where),
  };
  // A stored file's current content: the one named, or (files written before contents had their own ids) its id.
  const current = stored ? content(f, where, contentId ?? id) : undefined;
  return { file, current, previous };
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
    private readonly options: { newId: () => string; clock: () => Date; bytesOf?: BytesOf },
  ) {}

  async restore(lines: AsyncIterable<string> | Iterable<string>, workspaceId: string, options: { source: string; onConflict: 'skip' | 'fail' }): Promise<ImportReport> {
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
      const outcomes = await this.target.importEntries(workspaceId, pending.map((p) => p.record), { stopAtConflict: options.onConflict === 'fail' });
      for (const [i, outcome] of outcomes.entries()) {
        const { number, record } = pending[i];
        if (outcome === 'imported') report.imported++;
        else if (outcome === 'present') report.present++;
        else {
          report.conflicts++;
          const reason = conflictReason(record.entry, outcome);
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
        value = JSON.parse(text);
      } catch {
        problem(number, 'not JSON (a truncated line?)');
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
  async restoreEntry(value: unknown, workspaceId: string, options: { keepVersionIds: boolean }): Promise<{ outcome: ImportOutcome; reason?: string }> {
    const record = this.recordOf(value, workspaceId, options.keepVersionIds);
    const [outcome] = await this.target.importEntries(workspaceId, [record], { stopAtConflict: false });
    return outcome === 'conflict' || outcome === 'key-taken' ? { outcome, reason: conflictReason(record.entry, outcome) } : { outcome };
  }

  private recordOf(value: unknown, workspaceId: string, keepVersionIds: boolean): ImportRecord {
    return importRecordOf(value, workspaceId, { keepVersionIds, bytesOf: this.options.bytesOf ?? (() => undefined), newId: this.options.newId, now: this.options.clock() });
  }
}

/** Why an entry was not imported although its line checked: its id or its key is held here by other content. */
const conflictReason = (entry: Entry, outcome: 'conflict' | 'key-taken'): string =>
  outcome === 'key-taken'
    ? `entry ${entry.id}: its key "${entry.key}" is taken by another entry`
    : `entry ${entry.id} is present with other content (digest or version differ)`;
