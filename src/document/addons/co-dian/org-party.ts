import type { JsonObject } from '../../base/types';
import { extMap, writeExt } from '../../tax/extensions';
import { colombian } from './identities';
import { K } from './extensions';

/** Colombian parties default to fiscal responsibility R-99-PN; a value already given wins. */
export function normalizeDianParty(party: JsonObject | undefined): void {
  if (!party || !colombian(party)) return;
  writeExt(party, { [K.fiscalResponsibility]: 'R-99-PN', ...extMap(party) });
}
