import type { Envelope } from '../../document';
import { digestOf } from '../../document/head/header';
import type { JsonObject } from '../../document/base/types';
import type { SigningKeys } from '../../signing/signing-keys';
import type { Attachment, Entry, EntryFault, Meta, Snippet } from '../entries/model/entry';
import type { EntryState } from '../entries/model/entry-history';
import {
  LineRefusal,
  checkEntryKey,
  checkEnvelopeHead,
  checkFiles,
  checkFolder,
  checkMeta,
  checkStates,
  checkUuid,
  isSigned,
  parseEnvelopeText,
  verdictHere,
  versionIdOf,
} from './entry-line-checks';
import { DEFAULT_ENTRY_LIMITS, type EntryLimits } from '../entries/model/entry-limits';
import { referencesOf } from '../entries/model/references-of';
import { entrySummaryJson } from '../entries/model/entry-summary';
import { sha256Hex } from '../files/file-content';
import { downloadPath } from '../files/files.service';
import { STATE_KEYS } from '../entries/model/entry-state';
import { searchTermsOf } from '../search/search';
import { sortAmountOfDoc } from '../entries/model/sort-amount';
import type { ImportRecord, TransferContent, TransferFile } from './entry-transfer-store';

// Field checks: each throws a LineRefusal naming the field.
type Obj = Record<string, unknown>;
const fail = (reason: string): never => {
  throw new LineRefusal(reason);
};
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (o: Obj, name: string, where: string): string =>
  typeof o[name] === 'string' ? (o[name] as string) : fail(`${where}${name} must be a string`);
const optStr = (o: Obj, name: string, where: string): string | undefined => (o[name] === undefined ? undefined : str(o, name, where));
/** A version's or state's `src_id`, when it has one: a UUID. */
const sourceIdOf = (o: Obj, where: string): { srcId?: string } => {
  const srcId = optStr(o, 'src_id', where);
  return srcId === undefined ? {} : { srcId: checkUuid(srcId, `${where}src_id`) };
};
const bool = (o: Obj, name: string, where: string): boolean =>
  typeof o[name] === 'boolean' ? (o[name] as boolean) : fail(`${where}${name} must be true or false`);
const optBool = (o: Obj, name: string, where: string): boolean | undefined => (o[name] === undefined ? undefined : bool(o, name, where));
const count = (o: Obj, name: string, where: string): number =>
  Number.isSafeInteger(o[name]) && (o[name] as number) >= 0 ? (o[name] as number) : fail(`${where}${name} must be a whole number`);
const obj = (o: Obj, name: string, where: string): Obj => (isObj(o[name]) ? (o[name] as Obj) : fail(`${where}${name} must be an object`));
const optObj = (o: Obj, name: string, where: string): Obj | undefined => (o[name] === undefined ? undefined : obj(o, name, where));
const list = (o: Obj, name: string, where: string): unknown[] =>
  Array.isArray(o[name]) ? (o[name] as unknown[]) : fail(`${where}${name} must be an array`);
const objects = (o: Obj, name: string, where: string): Obj[] =>
  list(o, name, where).map((item, i) => (isObj(item) ? item : fail(`${where}${name}[${i}] must be an object`)));
const RFC3339_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const date = (o: Obj, name: string, where: string): Date => {
  const text = str(o, name, where);
  const parsed = new Date(text);
  return RFC3339_MS.test(text) && !Number.isNaN(parsed.getTime())
    ? parsed
    : fail(`${where}${name} must be an RFC 3339 UTC time with milliseconds`);
};

/** Where the bytes of a file come from in `--files-dir` mode: the content of that SHA-256, or undefined when missing. */
export type BytesOf = (sha256: string) => Buffer | undefined;

export interface LineReadOptions {
  /** A migration's versions: an id that is not of its text is replaced by the text's own, not refused. */
  recomputeVersionIds: boolean;
  bytesOf: BytesOf;
  newId: () => string;
  now: Date;
  /** The service's keys and SIGNING_TRUSTED_KEYS, against which every signature is verified again. */
  keys?: SigningKeys;
  /** ENTRY_META_LIMIT and ENTRY_REFS_LIMIT, as the API holds an entry to them (default: their defaults). */
  limits?: Pick<EntryLimits, 'metaRows' | 'refs'>;
}

/**
 * An entry line checked and turned into what storage writes, for `workspaceId`. Refuses (LineRefusal) a line
 * missing a field or with one of the wrong type, anything the API would refuse (entry-line-checks.ts), an
 * envelope whose document's digest is not `digest`, a version whose id is not that of its text (a migration's are
 * recomputed), and a file whose bytes do not have its sha256 and size. What the service works out itself (the
 * digest, version ids, `signed`, the schemas, the signature verdict) comes from the texts; the times, keys and
 * other fields are taken as given once they pass the API's rules.
 */
export function importRecordOf(value: unknown, workspaceId: string, options: LineReadOptions): ImportRecord {
  if (!isObj(value) || value.type !== 'entry') fail('not an entry line ("type":"entry")');
  const line = value as Obj;
  const id = checkUuid(str(line, 'id', ''), 'id');
  const envelopeText = str(line, 'envelope', '');
  const envelope = parseEnvelopeText(envelopeText, '');
  checkEnvelopeHead(id, envelope, '');
  const digest = obj(line, 'digest', '');
  const alg = str(digest, 'alg', 'digest.');
  const val = str(digest, 'val', 'digest.');
  const computed = digestOf(envelope.doc as JsonObject);
  if (computed.alg !== alg || computed.val !== val.toLowerCase())
    fail(`digest differs from the envelope's document (${computed.alg}:${computed.val})`);
  const givenVersion = str(line, 'version', '');
  versionIdOf(envelopeText, envelope, givenVersion, { recompute: options.recomputeVersionIds, where: '' });
  const key = optStr(line, 'key', '');
  checkEntryKey(key);
  const folder = str(line, 'folder', '');
  checkFolder(folder);
  const state = optStr(line, 'state', '');
  if (state !== undefined && !(STATE_KEYS as readonly string[]).includes(state)) fail(`state must be one of ${STATE_KEYS.join(', ')}`);

  const versionLines = objects(line, 'versions', '');
  if (versionLines.length === 0) fail('versions must hold at least the current version');
  const versions = versionLines.map((v, i) => {
    const where = `versions[${i}].`;
    const text = str(v, 'envelope', where);
    const parsed = parseEnvelopeText(text, where);
    checkEnvelopeHead(id, parsed, where);
    const version = versionIdOf(text, parsed, str(v, 'version', where), { recompute: options.recomputeVersionIds, where });
    return {
      version: {
        version,
        at: date(v, 'at', where),
        invalid: bool(v, 'invalid', where),
        signed: isSigned(parsed),
        src: str(v, 'src', where),
        ...sourceIdOf(v, where),
      },
      data: text,
    };
  });
  const current = versions[versions.length - 1];
  if (str(versionLines[versionLines.length - 1], 'version', '') !== givenVersion || current.data !== envelopeText)
    fail('the last of versions is not the current version');
  const version = current.version.version;

  const states: EntryState[] = objects(line, 'states', '').map((s, i) => {
    const where = `states[${i}].`;
    return {
      id: str(s, 'id', where),
      entryId: id,
      key: str(s, 'key', where),
      notes: optStr(s, 'notes', where),
      meta: optObj(s, 'meta', where) as Record<string, string> | undefined,
      src: str(s, 'src', where),
      ...sourceIdOf(s, where),
      at: date(s, 'at', where),
      createdAt: date(s, 'created_at', where),
    };
  });
  checkStates(states);
  const meta: Meta[] = objects(line, 'meta', '').map((m, i) => {
    const where = `meta[${i}].`;
    return {
      entryId: id,
      src: str(m, 'src', where),
      key: str(m, 'key', where),
      value: optObj(m, 'value', where),
      ref: optStr(m, 'ref', where),
      ownerId: optStr(m, 'owner_id', where),
      owned: bool(m, 'owned', where),
      indexed: bool(m, 'indexed', where),
      secure: bool(m, 'secure', where),
      shared: bool(m, 'shared', where),
      linkScope: optStr(m, 'link_scope', where),
      linkUrl: optStr(m, 'link_url', where),
      createdAt: date(m, 'created_at', where),
      updatedAt: date(m, 'updated_at', where),
    };
  });
  checkMeta(meta);
  const limits = options.limits ?? DEFAULT_ENTRY_LIMITS;
  if (meta.length > limits.metaRows) fail(`meta: ${meta.length} rows; an entry holds at most ${limits.metaRows} (ENTRY_META_LIMIT)`);
  const files: TransferFile[] = objects(line, 'files', '').map((f, i) => fileOf(f, id, `files[${i}].`, options.bytesOf));
  checkFiles(files.map((f) => ({ file: f.file, contentIds: [...(f.current ? [f.current.id] : []), ...f.previous.map((p) => p.id)] })));

  const previousId = optStr(line, 'previous_id', '');
  const refs = referencesOf(envelope as Envelope, previousId?.toLowerCase());
  if (refs.length > limits.refs) fail(`envelope: names ${refs.length} documents; at most ${limits.refs} (ENTRY_REFS_LIMIT)`);

  // The verdict this service gives the envelope's signatures; the line's `signature` is not read.
  const signature = verdictHere(envelope, options.keys, workspaceId);
  const entry: Entry = {
    workspaceId,
    id,
    key,
    folder,
    docSchema: String(envelope.doc.$schema ?? ''),
    envSchema: String(envelope.$schema ?? ''),
    state,
    signed: isSigned(envelope),
    invalid: bool(line, 'invalid', ''),
    digest: computed,
    snippet: obj(line, 'snippet', '') as Snippet,
    sortAmount: sortAmountOfDoc(envelope.doc as JsonObject),
    tags: list(line, 'tags', '').map((t) => (typeof t === 'string' ? t : fail('tags must be strings'))),
    faults: objects(line, 'faults', '') as unknown as EntryFault[],
    createdAt: date(line, 'created_at', ''),
    updatedAt: date(line, 'updated_at', ''),
    version,
    dataJson: envelopeText,
    attachments: [],
    meta,
    ...(signature ? { signature } : {}),
  };
  return {
    entry,
    // An entry never changed has no version rows: its one version is its row.
    versions: versions.length === 1 ? [] : versions,
    states,
    meta,
    files,
    previousId: previousId === undefined ? undefined : checkUuid(previousId, 'previous_id'),
    refs,
    searchTerms: searchTermsOf(entry),
    events: [
      {
        id: options.newId(),
        type: 'entry.created',
        workspaceId,
        entryId: id,
        createdAt: options.now,
        data: { ...entrySummaryJson(entry), imported: true },
      },
    ],
  };
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
  const previous = objects(f, 'previous', where).map((p, i) =>
    content(p, `${where}previous[${i}].`, str(p, 'id', `${where}previous[${i}].`)),
  );
  const file: Attachment = {
    id,
    entryId,
    name: str(f, 'name', where),
    desc: optStr(f, 'desc', where),
    key: optStr(f, 'key', where),
    category: optStr(f, 'category', where),
    mime: str(f, 'mime', where),
    size: count(f, 'size', where),
    hash: str(f, 'sha256', where),
    stored,
    embeddable: optBool(f, 'embeddable', where),
    // The link the service gives a file is its own download path, whatever the line says.
    private: optBool(f, 'private', where),
    url: optStr(f, 'url', where) === undefined ? undefined : downloadPath(entryId, id),
    meta: optObj(f, 'meta', where),
    contentId,
    previous: previous.map((p) => ({ id: p.id, createdAt: p.createdAt, hash: p.hash, size: p.size })),
    createdAt: date(f, 'created_at', where),
  };
  // A stored file's current content: the one named, or (files written before contents had their own ids) its id.
  const current = stored ? content(f, where, contentId ?? id) : undefined;
  return { file, current, previous };
}
