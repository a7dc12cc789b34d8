import type { Envelope } from '../document';
import { UUID_PATTERN } from './create-entry.input';

/**
 * A UUID an entry's document is known by or names. Contexts:
 * - `uuid`: the document's own uuid (`doc.uuid`), when it is not the entry's id (the envelope's): other documents
 *   name it, so it is how they find this entry;
 * - `preceding`: the document lists it among its preceding documents (a credit note, a corrective invoice);
 * - `lines.document`: a payment line pays it;
 * - `previous`: the entry was made from that entry with `previous_id` (a copy, a patched copy or a correction).
 */
export interface EntryRef {
  uuid: string;
  context: string;
}

/** The context of the entry's own document uuid; in a related list, of an entry the searched document names. */
export const OWN_CONTEXT = 'uuid';

/** The contexts a related entry may be shown with, the first that applies when several do. */
export const REF_CONTEXTS = ['preceding', 'lines.document', 'previous', OWN_CONTEXT] as const;

const objects = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item)) : [];

const uuidOf = (value: unknown): string | undefined =>
  typeof value === 'string' && UUID_PATTERN.test(value) ? value.toLowerCase() : undefined;

/**
 * The UUIDs an envelope's document is known by and names, and the entry it was made from; each (uuid, context)
 * once, never the envelope's own uuid (the entry's id). Pure: used when an entry is stored or rewritten, and by
 * the migration that fills in the references of the entries stored before.
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
    add(doc.uuid, OWN_CONTEXT);
    for (const ref of objects(doc.preceding)) add(ref.uuid, 'preceding');
    for (const line of objects(doc.lines)) {
      const document = line.document as Record<string, unknown> | undefined;
      if (document && typeof document === 'object') add(document.uuid, 'lines.document');
    }
  }
  if (previousId !== undefined) add(previousId, 'previous');
  return [...refs.values()];
}
