// Figures (extension keys, codes, tags and scenarios) of the addon module gobl.sa.zatca v0.0.2, held as project data.

import type { AddonDefinition } from '../../tax/addon-def';

/** Every invoice transaction type (KSA-2) ZATCA accepts: main type, then five flags. */
export const ZATCA_INVOICE_TYPES = [
  '0100000', '0100001', '0100010', '0100011', '0100100', '0100110', '0101000', '0101001', '0101010',
  '0101011', '0101100', '0101110', '0110000', '0110001', '0110010', '0110011', '0110100', '0110110',
  '0111000', '0111001', '0111010', '0111011', '0111100', '0111110', '0200000', '0200010', '0201000',
  '0201010', '0210000', '0210010', '0211000', '0211010',
];

export const SA_ZATCA_V1: AddonDefinition = {
  key: 'sa-zatca-v1',
  requires: ['eu-en16931-v2017'],
  extensions: [{ key: 'sa-zatca-invoice-type', codes: ZATCA_INVOICE_TYPES }],
  tags: {
    'bill/invoice': ['summary', 'third-party', 'nominal', 'export'],
  },
  scenarios: [{ schema: 'bill/invoice', types: ['standard'], ext: { 'untdid-document-type': '388' } }],
  ignores: ['GOBL-EU-EN16931-TAX-COMBO-07'],
};
