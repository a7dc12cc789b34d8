import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { obj, objects, str } from '../../rules/values';
import { inEU } from '../../tax/eu-members';
import { getExt, mergeExt } from '../../tax/extensions';
import { K } from './extensions';

export function normalizeChorusParty(party: JsonObject): void {
  if (getExt(party, K.scheme) !== '') return;
  const taxId = obj(party, 'tax_id');
  if (taxId && str(taxId, 'country') !== 'FR') {
    mergeExt(party, { [K.scheme]: inEU(str(taxId, 'country')) ? '2' : '3' });
    return;
  }
  if (objects(party, 'identities').some((id) => str(id, 'type') === 'SIRET')) mergeExt(party, { [K.scheme]: '1' });
}
const fp = faultMaker('GOBL-FR-CHORUSPRO-ORG-PARTY');

export function validateChorusParty(party: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const scheme = getExt(party, K.scheme);
  const siret = objects(party, 'identities').some((id) => str(id, 'type') === 'SIRET');
  const taxId = obj(party, 'tax_id');
  const country = str(taxId, 'country');
  if (scheme === '') out.push(fp('01', `'${K.scheme}' is needed`, `${path}.ext`));
  if (scheme === '1') {
    if (!siret) out.push(fp('02', "scheme '1' needs a SIRET identity", `${path}.identities`));
    if (taxId && country !== 'FR') out.push(fp('03', "scheme '1' needs a French tax ID", `${path}.tax_id.country`));
  }
  if (scheme !== '' && scheme !== '1' && siret) out.push(fp('04', "only scheme '1' takes a SIRET identity", `${path}.identities`));
  if (scheme === '2' && taxId && country !== '') {
    if (country === 'FR') out.push(fp('05', "scheme '2' is for companies outside France", `${path}.tax_id.country`));
    if (!inEU(country)) out.push(fp('06', "scheme '2' is for EU companies", `${path}.tax_id.country`));
  }
  if (scheme === '3' && taxId && country !== '' && inEU(country)) {
    out.push(fp('07', "scheme '3' is for companies outside the EU", `${path}.tax_id.country`));
  }
  return out;
}
