import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { objects, str } from '../../rules/values';
import { extensionValid, K, STATE_REG, validCode } from './extensions';

export function hasStateReg(party: JsonObject | undefined): boolean {
  return objects(party, 'identities').some((id) => str(id, 'key') === STATE_REG);
}
const fp = faultMaker('GOBL-BR-NFE-ORG-PARTY');

/**
 * Party extension codes. 04 (the state registration indicator) is not in the module's stored party rules, but its
 * invoice tests at the same commit expect the message; the code follows the other three.
 */
export function validateNfeParty(party: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const checks: [string, string][] = [
    [K.regime, '01'],
    [K.fiscalIncentive, '02'],
    [K.specialRegime, '03'],
    [K.stateRegInd, '04'],
  ];
  for (const [key, code] of checks) if (!extensionValid(party, key)) out.push(fp(code, validCode(key), `${path}.ext`));
  return out;
}
