import { digitsOnly } from '../../tax/identity-normalize';
import { luhnValid } from '../../tax/identity-checksum';
import type { RegimeRules } from '../../tax/regime-def';
import { allOf, identityCodeRule } from '../identity-checks';
import { supplierIdentifiedBy } from '../supplier-checks';

const ORG_NUMBER = /^\d{10}$/;
const PERSON_NUMBER = /^\d{6}[-+]\d{4}$/;

export const seRules: RegimeRules = {
  'bill/invoice': supplierIdentifiedBy('GOBL-SE-BILL-INVOICE-01', ['ON', 'PN', 'CN']),
  'org/identity': allOf(
    identityCodeRule(['ON'], 'GOBL-SE-ORG-IDENTITY-01', (c) => ORG_NUMBER.test(digitsOnly(c)) && c !== ''),
    // The checksum is only judged once the layout is right; the layout rule reports the rest.
    identityCodeRule(['ON'], 'GOBL-SE-ORG-IDENTITY-02', (c) => !ORG_NUMBER.test(digitsOnly(c)) || luhnValid(digitsOnly(c))),
    identityCodeRule(['PN', 'CN'], 'GOBL-SE-ORG-IDENTITY-03', (c) => PERSON_NUMBER.test(c)),
    identityCodeRule(['PN', 'CN'], 'GOBL-SE-ORG-IDENTITY-04', (c) => !PERSON_NUMBER.test(c) || luhnValid(digitsOnly(c))),
  ),
};
