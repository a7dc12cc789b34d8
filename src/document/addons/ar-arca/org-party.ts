import type { JsonObject } from '../../base/types';
import { obj, str } from '../../rules/values';
import { setExtOneOf } from '../../tax/extensions';
import { K } from './extensions';

export function normalizeArcaCustomer(party: JsonObject | undefined): void {
  if (!party) return;
  const taxId = obj(party, 'tax_id');
  if (!taxId) setExtOneOf(party, K.vatStatus, '5', ['4', '7', '10', '15']);
  else if (str(taxId, 'country') !== 'AR') setExtOneOf(party, K.vatStatus, '9', ['8']);
  else setExtOneOf(party, K.vatStatus, '1', ['6', '13', '16', '4', '7', '10', '15']);
}
