import type { Envelope } from '../../../document';
import { UUID_PATTERN } from '../../shared/uuid';
import { OWN_CONTEXT, type EntryRef } from './entry-ref';

export { OWN_CONTEXT, REF_CONTEXTS, type EntryRef } from './entry-ref';

const objects = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item))
    : [];

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
