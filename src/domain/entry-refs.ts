import type { Envelope } from '../document';
import { UUID_PATTERN } from './create-entry.input';

/**
 * Where an entry's document names another document, by UUID. Contexts:
 * - `preceding`: the document lists it among its preceding documents (a credit note, a corrective invoice);
 * - `lines.document`: a payment line pays it;
 * - `previous`: the entry was made from it with `previous_id` (a copy, a patched copy or a correction).
 */
export interface EntryRef {
  uuid: string;
  context: string;
}

/** The context of a reference found from the other side: the related entry is the document that is named. */
export const NAMED_CONTEXT = 'uuid';

/** The contexts a related entry may be shown with, the first that applies when several do. */
export const REF_CONTEXTS = ['preceding', 'lines.document', 'previous', NAMED_CONTEXT] as const;

/** The stored context of the mirror of a reference: `uuid:preceding` says the entry is named by another's `preceding`. */
export const mirrorContext = (context: string) => `${NAMED_CONTEXT}:${context}`;
export const isMirrorContext = (context: string) => context.startsWith(`${NAMED_CONTEXT}:`);

/** One stored link: `entryId` is related to `refUuid` by `context`. */
export interface RefLink {
  entryId: string;
  context: string;
  refUuid: string;
}

/**
 * The links that store an entry's references: each reference as it is (the entry names the UUID), and its mirror
 * (the named document is related to the entry, by `uuid:<context>`). With both, the entries related to a UUID are
 * the links whose `refUuid` is that UUID, whichever side names the other: one index range.
 */
export function linksOf(entryId: string, refs: readonly EntryRef[]): RefLink[] {
  return refs.flatMap((ref) => [
    { entryId, context: ref.context, refUuid: ref.uuid },
    { entryId: ref.uuid, context: mirrorContext(ref.context), refUuid: entryId },
  ]);
}

const objects = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item)) : [];

const uuidOf = (value: unknown): string | undefined =>
  typeof value === 'string' && UUID_PATTERN.test(value) ? value.toLowerCase() : undefined;

/**
 * The references of an envelope's document to other documents, and to the entry it was made from; each
 * (uuid, context) once, and never the document's own uuid. Pure: used when an entry is stored or rewritten,
 * and by the migration that fills the references of entries stored before.
 */
export function referencesOf(envelope: Pick<Envelope, 'head' | 'doc'> | undefined, previousId?: string): EntryRef[] {
  const own = uuidOf(envelope?.head?.uuid);
  const refs = new Map<string, EntryRef>();
  const add = (value: unknown, context: string) => {
    const uuid = uuidOf(value);
    if (uuid && uuid !== own) refs.set(`${context} ${uuid}`, { uuid, context });
  };
  const doc = envelope?.doc as Record<string, unknown> | undefined;
  if (doc && typeof doc === 'object') {
    for (const ref of objects(doc.preceding)) add(ref.uuid, 'preceding');
    for (const line of objects(doc.lines)) {
      const document = line.document as Record<string, unknown> | undefined;
      if (document && typeof document === 'object') add(document.uuid, 'lines.document');
    }
  }
  if (previousId !== undefined) add(previousId, 'previous');
  return [...refs.values()];
}
