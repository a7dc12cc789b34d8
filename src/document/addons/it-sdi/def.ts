// Figures (extension keys, codes, scenario filters and outputs) of GOBL v0.502.1, held as project data.

import type { AddonDefinition } from '../../tax/addon-def';

export const IT_SDI_V1: AddonDefinition = {
  key: 'it-sdi-v1',
  extensions: [
    { key: 'it-sdi-format', codes: ['FPA12', 'FPR12'] },
    {
      key: 'it-sdi-document-type',
      codes: [
        'TD01', 'TD02', 'TD03', 'TD04', 'TD05', 'TD06', 'TD07', 'TD08', 'TD09', 'TD16', 'TD17',
        'TD18', 'TD19', 'TD20', 'TD21', 'TD22', 'TD23', 'TD24', 'TD25', 'TD26', 'TD27', 'TD28'
      ],
    },
    {
      key: 'it-sdi-fiscal-regime',
      codes: [
        'RF01', 'RF02', 'RF04', 'RF05', 'RF06', 'RF07', 'RF08', 'RF09', 'RF10', 'RF11', 'RF12',
        'RF13', 'RF14', 'RF15', 'RF16', 'RF17', 'RF19', 'RF18'
      ],
    },
    {
      key: 'it-sdi-exempt',
      codes: [
        'N1', 'N2.1', 'N2.2', 'N3.1', 'N3.2', 'N3.3', 'N3.4', 'N3.5', 'N3.6', 'N4', 'N5', 'N6.1',
        'N6.2', 'N6.3', 'N6.4', 'N6.5', 'N6.6', 'N6.7', 'N6.8', 'N6.9', 'N7'
      ],
    },
    {
      key: 'it-sdi-retained',
      codes: [
        'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'L1', 'M', 'M1', 'M2', 'N',
        'O', 'O1', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'V1', 'V2', 'W', 'X', 'Y', 'ZO'
      ],
    },
    {
      key: 'it-sdi-payment-means',
      codes: [
        'MP01', 'MP02', 'MP03', 'MP04', 'MP05', 'Mp06', 'MP07', 'MP08', 'MP09', 'MP10', 'MP11',
        'MP12', 'MP13', 'MP14', 'MP15', 'MP16', 'MP17', 'MP18', 'MP19', 'MP20', 'MP21', 'MP22',
        'MP23'
      ],
    },
    { key: 'it-sdi-vat-liability', codes: ['I', 'D', 'S'] },
    {
      key: 'it-sdi-fund-type',
      codes: [
        'TC01', 'TC02', 'TC03', 'TC04', 'TC05', 'TC06', 'TC07', 'TC08', 'TC09', 'TC10', 'TC11',
        'TC12', 'TC13', 'TC14', 'TC15', 'TC16', 'TC17', 'TC18', 'TC19', 'TC20', 'TC21', 'TC22'
      ],
    },
    { key: 'it-sdi-liquidation-state', codes: ['LS', 'LN'] },
    { key: 'it-sdi-shareholder-state', codes: ['SU', 'SM'] },
  ],
  tags: {
    'bill/invoice': ['b2g', 'freelance', 'ceiling-exceeded', 'san-marino-paper', 'import', 'goods', 'goods-eu', 'goods-with-tax', 'goods-extracted', 'deferred', 'regularization', 'third-period', 'depreciable-assets', 'b2g'],
  },
  scenarios: [
    { schema: 'bill/invoice', ext: { 'it-sdi-format': 'FPR12' } },
    { schema: 'bill/invoice', tags: ['b2g'], ext: { 'it-sdi-format': 'FPA12' } },
    { schema: 'bill/invoice', types: ['standard'], ext: { 'it-sdi-document-type': 'TD01' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['partial'], ext: { 'it-sdi-document-type': 'TD02' } },
    { schema: 'bill/invoice', types: ['credit-note'], ext: { 'it-sdi-document-type': 'TD04' } },
    { schema: 'bill/invoice', types: ['debit-note'], ext: { 'it-sdi-document-type': 'TD05' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['freelance'], ext: { 'it-sdi-document-type': 'TD06' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['partial', 'freelance'], ext: { 'it-sdi-document-type': 'TD03' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['simplified'], ext: { 'it-sdi-document-type': 'TD07' } },
    { schema: 'bill/invoice', types: ['credit-note'], tags: ['simplified'], ext: { 'it-sdi-document-type': 'TD08' } },
    { schema: 'bill/invoice', types: ['debit-note'], tags: ['simplified'], ext: { 'it-sdi-document-type': 'TD09' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['self-billed'], ext: { 'it-sdi-document-type': 'TD27' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['self-billed', 'reverse-charge'], ext: { 'it-sdi-document-type': 'TD16' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['self-billed', 'import'], ext: { 'it-sdi-document-type': 'TD17' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['self-billed', 'import', 'goods-eu'], ext: { 'it-sdi-document-type': 'TD18' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['self-billed', 'import', 'goods'], ext: { 'it-sdi-document-type': 'TD19' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['self-billed', 'regularization'], ext: { 'it-sdi-document-type': 'TD20' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['self-billed', 'ceiling-exceeded'], ext: { 'it-sdi-document-type': 'TD21' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['self-billed', 'goods-extracted'], ext: { 'it-sdi-document-type': 'TD22' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['self-billed', 'goods-with-tax'], ext: { 'it-sdi-document-type': 'TD23' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['deferred'], ext: { 'it-sdi-document-type': 'TD24' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['deferred', 'third-period'], ext: { 'it-sdi-document-type': 'TD25' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['depreciable-assets'], ext: { 'it-sdi-document-type': 'TD26' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['self-billed', 'san-marino-paper'], ext: { 'it-sdi-document-type': 'TD28' } },
  ],
  inboxes: ['it-sdi-code', 'it-sdi-pec'],
};
