import type { EntryState, EntryVersion } from '../domain/entries/model/entry-history';
import type { EntryVersionData } from '../domain/entries/update-entry';

/** A version as an entry's `versions` list it (the contract's SiloDataVersion). */
export const versionJson = (v: EntryVersion) => ({ version: v.version, at: v.at.toISOString(), invalid: v.invalid, signed: v.signed, src: v.src });

/** A state (the contract's SiloState). */
export const stateJson = (s: EntryState) => ({
  id: s.id,
  key: s.key,
  ...(s.notes === undefined ? {} : { notes: s.notes }),
  ...(s.meta === undefined ? {} : { meta: s.meta }),
  src: s.src,
  // The moment the state holds from: the `{at}` of PUT .../states/{at}, or when it was added.
  created_at: s.at.toISOString(),
  faults: [],
});

/** A version's envelope (the contract's SiloEntryData), as JSON text: the stored envelope is put in as it is. */
export const versionDataText = (v: EntryVersionData) => `{"version":${JSON.stringify(v.version)},"data":${v.dataJson}}`;
