import { storedJsonOf, type Entry } from '../domain/entries/model/entry';
import { legacyVersionOf } from '../domain/entries/model/entry-history';
import { currentSnippet } from '../domain/entries/model/snippet-party';
import { EntryEntity } from './entities/entry.entity';
import { envelopeColumns, storedJson, type EnvelopeColumns } from './packed-json';
import { signatureOf, signatureText } from './signature-column';

/** What the unique index holds for an entry: its key, or its id behind a control character that no key may hold. */
export const KEYLESS = '\u0001';

/**
 * The columns of an entry's row that its document fills, besides its folder, schemas and envelope: the list
 * reads them, and a change of its data writes them.
 */
export const DOCUMENT_COLUMNS = [
  'signed',
  'signature',
  'invalid',
  'digestAlg',
  'digestVal',
  'snippet',
  'sortAmount',
  'tags',
  'faults',
] as const satisfies readonly (keyof EntryEntity)[];

const keySlotOf = (entry: Entry): string => entry.key ?? `${KEYLESS}${entry.id}`;

/**
 * An entry as its `entries` row, and back (`fromEntryRow`: without `data` unless it was read). `envelope` is its
 * envelope's columns made already (an update writes them to the version too); without it, they are made here.
 */
export function toEntryRow(entry: Entry, envelope?: EnvelopeColumns): EntryEntity {
  return Object.assign(new EntryEntity(), {
    workspaceId: entry.workspaceId,
    id: entry.id,
    key: entry.key ?? null,
    keySlot: keySlotOf(entry),
    folder: entry.folder,
    docSchema: entry.docSchema,
    envSchema: entry.envSchema,
    state: entry.state ?? null,
    signed: entry.signed,
    signature: signatureText(entry.signature),
    invalid: entry.invalid,
    digestAlg: entry.digest.alg,
    digestVal: entry.digest.val,
    snippet: JSON.stringify(entry.snippet),
    sortAmount: entry.sortAmount ?? null,
    tags: JSON.stringify(entry.tags),
    faults: JSON.stringify(entry.faults),
    ...envelopeRow(storedJsonOf(entry) ?? 'null', envelope),
    createdAt: entry.createdAt.getTime(),
    updatedAt: entry.updatedAt.getTime(),
    version: entry.version ?? null,
  });
}

export function fromEntryRow(row: EntryEntity): Entry {
  const entry: Entry = {
    workspaceId: row.workspaceId,
    id: row.id,
    key: row.key ?? undefined,
    folder: row.folder,
    docSchema: row.docSchema,
    envSchema: row.envSchema,
    state: row.state ?? undefined,
    signed: Boolean(row.signed),
    invalid: Boolean(row.invalid),
    digest: { alg: row.digestAlg, val: row.digestVal },
    // An entry stored before snippets took their current shape keeps its row: it is shown in the current shape.
    snippet: currentSnippet(JSON.parse(row.snippet)),
    sortAmount: row.sortAmount ?? undefined,
    tags: JSON.parse(row.tags),
    faults: JSON.parse(row.faults),
    attachments: [],
    meta: [],
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    version: row.version ?? legacyVersionOf(row.digestVal),
  };
  const signature = signatureOf(row.signature);
  if (signature) entry.signature = signature;
  const dataJson = storedJson(row);
  if (dataJson !== undefined) entry.dataJson = dataJson;
  return entry;
}

/** The envelope's columns, and its size as text (what reading it weighs). */
const envelopeRow = (json: string, envelope = envelopeColumns(json)) => ({ ...envelope, dataSize: Buffer.byteLength(json) });
