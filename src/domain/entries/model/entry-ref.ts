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
