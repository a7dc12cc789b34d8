// Figures (extension keys, codes, scenario filters and outputs) of GOBL v0.502.1, held as project data.

import type { AddonDefinition } from '../../tax/addon-def';

export const IT_TICKET_V1: AddonDefinition = {
  key: 'it-ticket-v1',
  extensions: [
    { key: 'it-ticket-exempt', codes: ['N1', 'N2', 'N3', 'N4', 'N5', 'N6'] },
    { key: 'it-ticket-product', codes: ['goods', 'services'] },
    { key: 'it-ticket-lottery', pattern: '^[A-Z0-9]{8}$' },
    { key: 'it-ticket-line-ref' },
  ],
  corrections: [
    { schema: 'bill/invoice', types: ['corrective'], stamps: ['ade-ref'] },
  ],
};
