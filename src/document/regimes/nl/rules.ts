import type { RegimeRules } from '../../tax/regime-def';
import { allOf, identityCodeRule } from '../identity-checks';
import { supplierIdentifiedBy } from '../supplier-checks';

export const nlRules: RegimeRules = {
  'bill/invoice': supplierIdentifiedBy('GOBL-NL-BILL-INVOICE-01', ['KVK', 'OIN']),
  'org/identity': allOf(
    identityCodeRule(['KVK'], 'GOBL-NL-ORG-IDENTITY-01', (c) => [...c].length === 8 || c === ''),
    identityCodeRule(['OIN'], 'GOBL-NL-ORG-IDENTITY-02', (c) => c === '' || /^0{6}(0[1-9]|10|99)\d{9}0{3}$/.test(c)),
  ),
};
