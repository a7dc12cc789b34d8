import { at, fault } from '../rules/fault';
import { asArray, asObject, isObject, isPresent } from '../rules/values';
import type { Fault, JsonObject } from '../types';

const BR_STATES = [
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR', 'RJ',
  'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO',
];

function isBrazilian(party: JsonObject): boolean {
  const taxId = asObject(party.tax_id);
  if (taxId && taxId.country === 'BR') return true;
  return asArray(party.addresses).some((a) => isObject(a) && a.country === 'BR');
}

/** Brazil: a party's municipality code, and the state and CEP of its Brazilian addresses. */
function br(party: JsonObject, path: string): Fault[] {
  if (!isBrazilian(party)) return [];
  const faults: Fault[] = [];
  const ext = asObject(party.ext);
  // Only a municipality code that is given is checked; a party without one passes.
  const municipality = ext?.['br-ibge-municipality'];
  if (isPresent(municipality) && !/^\d{7}$/.test(String(municipality))) {
    faults.push(fault('GOBL-BR-ORG-PARTY-01', at(path, 'ext')));
  }
  asArray(party.addresses).forEach((a, i) => {
    // Only addresses in Brazil, or without a country, are checked.
    if (!isObject(a) || (isPresent(a.country) && a.country !== 'BR')) return;
    const ap = at(at(path, 'addresses'), i);
    if (isPresent(a.state) && !BR_STATES.includes(String(a.state))) faults.push(fault('GOBL-BR-ORG-PARTY-02', at(ap, 'state')));
    if (isPresent(a.code) && !/^\d{5}-?\d{3}$/.test(String(a.code))) faults.push(fault('GOBL-BR-ORG-PARTY-03', at(ap, 'code')));
  });
  return faults;
}

export const partyRules: Readonly<Record<string, (party: JsonObject, path: string) => Fault[]>> = { BR: br };

/** India: every item needs an HSN identity. */
export const itemRules: Readonly<Record<string, (item: JsonObject, path: string) => Fault[]>> = {
  IN: (item, path) =>
    asArray(item.identities).some((id) => isObject(id) && id.type === 'HSN') ? [] : [fault('GOBL-IN-ORG-ITEM-01', at(path, 'identities'))],
};

/** Portugal: VAT combos carry the region extension. */
export const comboRules: Readonly<Record<string, (combo: JsonObject, path: string) => Fault[]>> = {
  PT: (combo, path) => {
    if (combo.cat !== 'VAT') return [];
    const ext = asObject(combo.ext);
    return ext && isPresent(ext['pt-region']) ? [] : [fault('GOBL-PT-TAX-COMBO-01', at(path, 'ext'))];
  },
};
