import { at, fault } from '../../rules/fault';
import { asArray, asObject, isObject, isPresent } from '../../rules/values';
import type { RegimeRules } from '../../tax/regime-def';
import type { Fault, JsonObject } from '../../base/types';

const STATES = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
];

function isBrazilian(party: JsonObject): boolean {
  const taxId = asObject(party.tax_id);
  if (taxId && taxId.country === 'BR') return true;
  return asArray(party.addresses).some((a) => isObject(a) && a.country === 'BR');
}

/** A party's municipality code, and the state and CEP of its Brazilian addresses. */
function partyFaults(party: JsonObject, path: string): Fault[] {
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
    if (isPresent(a.state) && !STATES.includes(String(a.state))) faults.push(fault('GOBL-BR-ORG-PARTY-02', at(ap, 'state')));
    if (isPresent(a.code) && !/^\d{5}-?\d{3}$/.test(String(a.code))) faults.push(fault('GOBL-BR-ORG-PARTY-03', at(ap, 'code')));
  });
  return faults;
}

export const brRules: RegimeRules = { 'org/party': partyFaults };
