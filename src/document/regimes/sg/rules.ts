import type { RegimeRules } from '../../tax/regime-def';
import { identityCodeRule } from '../identity-checks';
import { supplierIdentifiedBy } from '../supplier-checks';
import { uenValid } from './tax-identity';

export const sgRules: RegimeRules = {
  'bill/invoice': supplierIdentifiedBy('GOBL-SG-BILL-INVOICE-01', ['UEN']),
  'org/identity': identityCodeRule(['UEN'], 'GOBL-SG-ORG-IDENTITY-01', uenValid),
};
