import type { RegimeRules } from '../../tax/regime-def';
import { allOf, identityCodeRule } from '../identity-checks';
import { supplierIdentifiedBy } from '../supplier-checks';

export const frRules: RegimeRules = {
  'bill/invoice': supplierIdentifiedBy('GOBL-FR-BILL-INVOICE-01', ['SIREN', 'SIRET']),
  'org/identity': allOf(
    identityCodeRule(['SIREN'], 'GOBL-FR-ORG-IDENTITY-01', (c) => c === '' || /^\d{9}$/.test(c)),
    identityCodeRule(['SIRET'], 'GOBL-FR-ORG-IDENTITY-02', (c) => c === '' || /^\d{14}$/.test(c)),
  ),
};
