// Figures (extension keys, codes, scenario filters and outputs) of GOBL v0.502.1, held as project data.

import type { AddonDefinition } from '../../tax/addon-def';

export const ES_FACTURAE_V3: AddonDefinition = {
  key: 'es-facturae-v3',
  extensions: [
    { key: 'es-facturae-subsidy', codes: ['S', 'N'] },
    { key: 'es-facturae-doc-type', codes: ['FC', 'FA', 'AF'] },
    { key: 'es-facturae-invoice-class', codes: ['OO', 'OR', 'OC', 'CO', 'CR', 'CC'] },
    {
      key: 'es-facturae-correction',
      codes: [
        '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13', '14', '15',
        '16', '80', '81', '82', '83', '84', '85'
      ],
    },
  ],
  scenarios: [
    { schema: 'bill/invoice', types: ['standard', 'corrective', 'credit-note', 'debit-note'], ext: { 'es-facturae-doc-type': 'FC' } },
    { schema: 'bill/invoice', tags: ['simplified'], ext: { 'es-facturae-doc-type': 'FA' } },
    { schema: 'bill/invoice', tags: ['self-billed'], ext: { 'es-facturae-doc-type': 'AF' } },
    { schema: 'bill/invoice', types: ['standard'], ext: { 'es-facturae-invoice-class': 'OO' } },
    { schema: 'bill/invoice', types: ['corrective', 'credit-note', 'debit-note'], ext: { 'es-facturae-invoice-class': 'OR' } },
    { schema: 'bill/invoice', tags: ['summary'], ext: { 'es-facturae-invoice-class': 'OC' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['copy'], ext: { 'es-facturae-invoice-class': 'CO' } },
    { schema: 'bill/invoice', types: ['corrective'], tags: ['copy'], ext: { 'es-facturae-invoice-class': 'CR' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['copy', 'summary'], ext: { 'es-facturae-invoice-class': 'CC' } },
  ],
  corrections: [
    { schema: 'bill/invoice', extensions: ['es-facturae-correction'] },
  ],
};
