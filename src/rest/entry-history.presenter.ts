import type { Static } from '@sinclair/typebox';
import type { EntryState, EntryVersion } from '../domain/entries/model/entry-history';
import type { EntryVersionData } from '../domain/entries/update-entry';
import type { EntryVersionSchema, StateSchema } from './api-schemas';

/*
 * The presenters answer the types of the schemas the routes declare for their answers: a presenter that drifts
 * from its schema (a member renamed, missing or of another type) fails to compile.
 */

/** A version as an entry's `versions` list it (the contract's SiloDataVersion). */
export const versionJson = (v: EntryVersion): Static<typeof EntryVersionSchema> => ({
  version: v.version,
  at: v.at.toISOString(),
  invalid: v.invalid,
  signed: v.signed,
  src: v.src,
  ...(v.srcId ? { src_id: v.srcId } : {}),
});

/** A state (the contract's SiloState). */
export const stateJson = (s: EntryState): Static<typeof StateSchema> => ({
  id: s.id,
  key: s.key,
  ...(s.notes === undefined ? {} : { notes: s.notes }),
  ...(s.meta === undefined ? {} : { meta: s.meta }),
  src: s.src,
  ...(s.srcId ? { src_id: s.srcId } : {}),
  // The moment the state holds from: the `{at}` of PUT .../states/{at}, or when it was added.
  created_at: s.at.toISOString(),
  faults: [],
});

/** A version's envelope (the contract's SiloEntryData), as JSON text: the stored envelope is put in as it is. */
export const versionDataText = (v: EntryVersionData) => `{"version":${JSON.stringify(v.version)},"data":${v.dataJson}}`;
