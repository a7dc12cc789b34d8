// Figures (extension keys, codes, scenario filters and outputs) of GOBL v0.502.1, held as project data.

import type { AddonDefinition } from '../../tax/addon-def';

export const CO_DIAN_V2: AddonDefinition = {
  key: 'co-dian-v2',
  extensions: [
    { key: 'co-dian-municipality', pattern: '^\\d{5}$' },
    { key: 'co-dian-credit-code', codes: ['1', '2', '3', '4', '5'] },
    { key: 'co-dian-debit-code', codes: ['1', '2', '3', '4'] },
    { key: 'co-dian-fiscal-responsibility', codes: ['O-13', 'O-15', 'O-23', 'O-47', 'R-99-PN'] },
  ],
  corrections: [
    { schema: 'bill/invoice', types: ['credit-note', 'debit-note'], stamps: ['dian-cude'], extensions: ['co-dian-credit-code', 'co-dian-debit-code'], reasonRequired: true },
  ],
  identities: ['co-civil-register', 'co-id-card', 'co-citizen-id', 'co-foreigner-id-card', 'co-foreigner-id', 'co-passport', 'co-foreign-id', 'co-pep', 'co-nuip'],
};
