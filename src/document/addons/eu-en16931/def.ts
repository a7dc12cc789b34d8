// Figures (extension keys, codes, scenario filters and outputs) of GOBL v0.502.1, held as project data.

import type { AddonDefinition } from '../../tax/addon-def';

export const EU_EN16931_V2017: AddonDefinition = {
  key: 'eu-en16931-v2017',
  extensions: [
  ],
  scenarios: [
    { schema: 'bill/invoice', types: ['standard'], ext: { 'untdid-document-type': '380' } },
    { schema: 'bill/invoice', types: ['credit-note'], ext: { 'untdid-document-type': '381' } },
    { schema: 'bill/invoice', types: ['debit-note'], ext: { 'untdid-document-type': '383' } },
    { schema: 'bill/invoice', types: ['corrective'], ext: { 'untdid-document-type': '384' } },
    { schema: 'bill/invoice', types: ['proforma'], ext: { 'untdid-document-type': '325' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['partial'], ext: { 'untdid-document-type': '326' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['self-billed'], ext: { 'untdid-document-type': '389' } },
    { schema: 'bill/invoice', types: ['credit-note'], tags: ['self-billed'], ext: { 'untdid-document-type': '261' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['prepayment'], ext: { 'untdid-document-type': '386' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['factoring'], ext: { 'untdid-document-type': '393' } },
    { schema: 'bill/invoice', types: ['credit-note'], tags: ['factoring'], ext: { 'untdid-document-type': '396' } },
  ],
};
