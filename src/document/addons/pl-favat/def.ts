// Figures (extension keys, codes, scenario filters and outputs) of GOBL v0.502.1, held as project data.

import type { AddonDefinition } from '../../tax/addon-def';

export const PL_FAVAT_V3: AddonDefinition = {
  key: 'pl-favat-v3',
  extensions: [
    { key: 'pl-favat-tax-category', codes: ['1', '2', '3', '4', '5', '6.1', '6.2', '6.3', '7', '8', '9', '10', '11'] },
    { key: 'pl-favat-invoice-type', codes: ['VAT', 'ZAL', 'ROZ', 'UPR', 'KOR', 'KOR_ZAL', 'KOR_ROZ'] },
    { key: 'pl-favat-cash-accounting', codes: ['1', '2'] },
    { key: 'pl-favat-self-billing', codes: ['1', '2'] },
    { key: 'pl-favat-reverse-charge', codes: ['1', '2'] },
    { key: 'pl-favat-split-payment', codes: ['1', '2'] },
    { key: 'pl-favat-exemption', codes: ['A', 'B', 'C'] },
    { key: 'pl-favat-margin-scheme', codes: ['2', '3.1', '3.2', '3.3'] },
    { key: 'pl-favat-payment-means', codes: ['1', '2', '3', '4', '5', '6', '7'] },
    { key: 'pl-favat-jst', codes: ['1', '2'] },
    { key: 'pl-favat-group-vat', codes: ['1', '2'] },
    { key: 'pl-favat-third-party-role', codes: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11'] },
    { key: 'pl-favat-effective-date', codes: ['1', '2', '3'] },
  ],
  tags: {
    'bill/invoice': ['settlement'],
  },
  scenarios: [
    { schema: 'bill/invoice', types: ['standard'], ext: { 'pl-favat-invoice-type': 'VAT' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['partial'], ext: { 'pl-favat-invoice-type': 'ZAL' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['settlement'], ext: { 'pl-favat-invoice-type': 'ROZ' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['simplified'], ext: { 'pl-favat-invoice-type': 'UPR' } },
    { schema: 'bill/invoice', types: ['credit-note'], ext: { 'pl-favat-invoice-type': 'KOR' } },
    { schema: 'bill/invoice', types: ['credit-note'], tags: ['partial'], ext: { 'pl-favat-invoice-type': 'KOR_ZAL' } },
    { schema: 'bill/invoice', types: ['credit-note'], tags: ['settlement'], ext: { 'pl-favat-invoice-type': 'KOR_ROZ' } },
  ],
  corrections: [
    { schema: 'bill/invoice', types: ['credit-note'], stamps: ['favat-ksef-number'] },
  ],
};
