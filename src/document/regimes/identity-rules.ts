import { at, fault } from '../rules/fault';
import { luhnValid } from '../tax/identity-checksum';
import { digitsOnly } from '../tax/identity-normalize';
import type { Fault, JsonObject } from '../types';
import { danishCvrValid } from './dk-identity';
import { norwegianOrgNumberValid } from './no-identity';
import { uenValid } from './sg-identity';
import { italianFiscalCodeChecksumValid, italianFiscalCodeFormatValid } from './it-fiscal-code';

/** Regime rules on `org/identity` objects (company and personal numbers), by regime country. */
type IdentityRule = (id: JsonObject, path: string) => Fault[];

function code(id: JsonObject): string {
  return typeof id.code === 'string' ? id.code : '';
}

/** One check for identities of a given type (or key), reported on the code. */
function whenType(types: string[], faultCode: string, ok: (code: string) => boolean, by: 'type' | 'key' = 'type'): IdentityRule {
  return (id, path) => (types.includes(String(id[by])) && !ok(code(id)) ? [fault(faultCode, at(path, 'code'))] : []);
}

function all(...rules: IdentityRule[]): IdentityRule {
  return (id, path) => rules.flatMap((r) => r(id, path));
}

const GERMAN_TAX_NUMBER = /^(\d{2}\/\d{3}\/\d{5}|\d{3}\/\d{3}\/\d{5}|\d{3}\/\d{4}\/\d{4})$/;
const SWEDISH_ORG_NUMBER = /^\d{10}$/;
const SWEDISH_PERSON_NUMBER = /^\d{6}[-+]\d{4}$/;

const se: IdentityRule = all(
  whenType(['ON'], 'GOBL-SE-ORG-IDENTITY-01', (c) => SWEDISH_ORG_NUMBER.test(digitsOnly(c)) && c !== ''),
  // The checksum is only judged once the layout is right; the layout rule reports the rest.
  whenType(['ON'], 'GOBL-SE-ORG-IDENTITY-02', (c) => !SWEDISH_ORG_NUMBER.test(digitsOnly(c)) || luhnValid(digitsOnly(c))),
  whenType(['PN', 'CN'], 'GOBL-SE-ORG-IDENTITY-03', (c) => SWEDISH_PERSON_NUMBER.test(c)),
  whenType(['PN', 'CN'], 'GOBL-SE-ORG-IDENTITY-04', (c) => !SWEDISH_PERSON_NUMBER.test(c) || luhnValid(digitsOnly(c))),
);

const it: IdentityRule = (id, path) => {
  if (id.key !== 'it-fiscal-code') return [];
  const c = code(id);
  if (c === '') return [fault('GOBL-IT-ORG-IDENTITY-01', at(path, 'code'))];
  const faults: Fault[] = [];
  if (!italianFiscalCodeFormatValid(c)) faults.push(fault('GOBL-IT-ORG-IDENTITY-02', at(path, 'code')));
  if (!italianFiscalCodeChecksumValid(c)) faults.push(fault('GOBL-IT-ORG-IDENTITY-03', at(path, 'code')));
  return faults;
};

/** Rules that apply only within the document's regime. */
export const identityRules: Readonly<Record<string, IdentityRule>> = {
  DE: whenType(['de-tax-number'], 'GOBL-DE-ORG-IDENTITY-01', (c) => c === '' || GERMAN_TAX_NUMBER.test(c), 'key'),
  FR: all(
    whenType(['SIREN'], 'GOBL-FR-ORG-IDENTITY-01', (c) => c === '' || /^\d{9}$/.test(c)),
    whenType(['SIRET'], 'GOBL-FR-ORG-IDENTITY-02', (c) => c === '' || /^\d{14}$/.test(c)),
  ),
  IN: all(
    whenType(['PAN'], 'GOBL-IN-ORG-IDENTITY-01', (c) => c === '' || /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(c)),
    whenType(['HSN'], 'GOBL-IN-ORG-IDENTITY-02', (c) => c === '' || /^(?:\d{4}|\d{6}|\d{8})$/.test(c)),
  ),
  IT: it,
  NL: all(
    whenType(['KVK'], 'GOBL-NL-ORG-IDENTITY-01', (c) => [...c].length === 8 || c === ''),
    whenType(['OIN'], 'GOBL-NL-ORG-IDENTITY-02', (c) => c === '' || /^0{6}(0[1-9]|10|99)\d{9}0{3}$/.test(c)),
  ),
  NO: whenType(['ON'], 'GOBL-NO-ORG-IDENTITY-01', norwegianOrgNumberValid),
  SA: (id, path) => (/^[a-zA-Z0-9]*$/.test(code(id)) ? [] : [fault('GOBL-SA-ORG-IDENTITY-01', at(path, 'code'))]),
  SE: se,
  SG: whenType(['UEN'], 'GOBL-SG-ORG-IDENTITY-01', uenValid),
};

/** Danish CVR identities are checked in any document, whatever its regime. */
export function cvrIdentityFaults(id: JsonObject, path: string): Fault[] {
  const c = code(id);
  return id.type === 'CVR' && c !== '' && !danishCvrValid(c) ? [fault('GOBL-DK-ORG-IDENTITY-01', at(path, 'code'))] : [];
}
