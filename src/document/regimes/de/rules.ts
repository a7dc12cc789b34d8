import type { RegimeRules } from '../../tax/regime-def';
import { identityCodeRule } from '../identity-checks';
import { supplierIdentifiedBy } from '../supplier-checks';

const GERMAN_TAX_NUMBER = /^(\d{2}\/\d{3}\/\d{5}|\d{3}\/\d{3}\/\d{5}|\d{3}\/\d{4}\/\d{4})$/;

export const deRules: RegimeRules = {
  'bill/invoice': supplierIdentifiedBy('GOBL-DE-BILL-INVOICE-01', ['de-tax-number'], 'key'),
  'org/identity': identityCodeRule(['de-tax-number'], 'GOBL-DE-ORG-IDENTITY-01', (c) => c === '' || GERMAN_TAX_NUMBER.test(c), 'key'),
};
