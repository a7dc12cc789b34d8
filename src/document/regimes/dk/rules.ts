import { at, fault } from '../../rules/fault';
import type { RegimeRules } from '../../tax/regime-def';
import type { Fault, JsonObject } from '../../base/types';
import { identityCode } from '../identity-checks';
import { supplierIdentifiedBy } from '../supplier-checks';
import { danishCvrValid } from './tax-identity';

export const dkRules: RegimeRules = {
  'bill/invoice': supplierIdentifiedBy('GOBL-DK-BILL-INVOICE-01', ['CVR']),
};

function cvrIdentityFaults(id: JsonObject, path: string): Fault[] {
  const c = identityCode(id);
  return id.type === 'CVR' && c !== '' && !danishCvrValid(c) ? [fault('GOBL-DK-ORG-IDENTITY-01', at(path, 'code'))] : [];
}

/** Danish CVR identities are checked in any document, whatever its regime. */
export const dkEverywhereRules: RegimeRules = {
  'org/identity': cvrIdentityFaults,
};
