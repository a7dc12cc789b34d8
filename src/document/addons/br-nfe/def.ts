// Figures (extension keys, codes, patterns, scenarios and corrections) of the addon br-nfe-v4, from the module
// gobl.br.nfe at commit 2f45764d5d72a123498a3d04ed4635f44426755a (the newest version of each of its files,
// for GOBL v0.502), held as project data.

import type { AddonDefinition } from '../../tax/addon-def';

const PIS_COFINS_CST = [
  '01', '02', '03', '04', '05', '06', '07', '08', '09', '49',
  '50', '51', '52', '53', '54', '55', '56',
  '60', '61', '62', '63', '64', '65', '66', '67',
  '70', '71', '72', '73', '74', '75', '98', '99',
];

export const BR_NFE_V4: AddonDefinition = {
  key: 'br-nfe-v4',
  extensions: [
    { key: 'br-nfe-model', codes: ['55', '65'] },
    { key: 'br-nfe-presence', codes: ['0', '1', '2', '3', '4', '5', '9'] },
    { key: 'br-nfe-payment-means', codes: ['01', '02', '03', '04', '05', '10', '11', '12', '13', '15', '16', '17', '18', '19', '90', '99'] },
    { key: 'br-nfe-cfop', pattern: '^[1-7]\\d{3}$' },
    { key: 'br-nfe-fiscal-incentive', codes: ['1', '2'] },
    { key: 'br-nfe-regime', codes: ['1', '2', '3', '4'] },
    { key: 'br-nfe-special-regime', codes: ['1', '2', '3', '4', '5', '6'] },
    { key: 'br-nfe-state-reg-ind', codes: ['1', '2', '9'] },
    { key: 'br-nfe-icms-cst', codes: ['00', '02', '10', '15', '20', '30', '40', '41', '50', '51', '53', '60', '61', '70', '90'] },
    { key: 'br-nfe-icms-csosn', codes: ['101', '102', '103', '201', '202', '203', '300', '400', '500', '900'] },
    { key: 'br-nfe-icms-origin', codes: ['0', '1', '2', '3', '4', '5', '6', '7', '8'] },
    { key: 'br-nfe-pis-cst', codes: PIS_COFINS_CST },
    { key: 'br-nfe-cofins-cst', codes: PIS_COFINS_CST },
    { key: 'br-nfe-purpose', codes: ['1', '2', '3', '4', '5', '6'] },
    { key: 'br-nfe-operation-type', codes: ['0', '1'] },
    { key: 'br-nfe-credit-note-type', codes: ['01', '02', '03', '04', '05'] },
    { key: 'br-nfe-debit-note-type', codes: ['01', '02', '03', '04', '05', '06', '07', '08'] },
  ],
  // The model (55 or 65) is not a scenario: the addon's invoice normalizer sets it from the tags.
  scenarios: [{ schema: 'bill/invoice', types: ['standard'], ext: { 'br-nfe-purpose': '1', 'br-nfe-operation-type': '1' } }],
  corrections: [{ schema: 'bill/invoice', types: ['credit-note', 'debit-note'], stamps: ['sefaz-key'] }],
  identities: ['br-nfe-state-reg', 'gtin', 'gtin+taxable', 'ncm', 'br-nfe-cest'],
};
