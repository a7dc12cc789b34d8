// Figures (extension keys, codes and patterns) of the addon module gobl.br.nfse v0.0.2, held as project data.

import type { AddonDefinition } from '../../tax/addon-def';

export const BR_NFSE_V1: AddonDefinition = {
  key: 'br-nfse-v1',
  extensions: [
    { key: 'br-nfse-cnae', pattern: '^\\d{2}[\\s\\.\\-\\/]?\\d{2}[\\s\\.\\-\\/]?\\d[\\s\\.\\-\\/]?\\d{2}$' },
    { key: 'br-nfse-nbs', pattern: '^\\d[\\.\\s]?\\d{4}[\\.\\s]?\\d{2}[\\.\\s]?\\d{2}$' },
    { key: 'br-nfse-fiscal-incentive', codes: ['1', '2'] },
    { key: 'br-nfse-iss-liability', codes: ['1', '2', '3', '4', '5', '6', '7'] },
    { key: 'br-nfse-service' },
    { key: 'br-nfse-simples', codes: ['1', '2'] },
    { key: 'br-nfse-special-regime', codes: ['1', '2', '3', '4', '5', '6'] },
    { key: 'br-nfse-operation', pattern: '^\\d{6}$' },
    { key: 'br-nfse-tax-status', pattern: '^\\d{3}$' },
    { key: 'br-nfse-tax-class', pattern: '^\\d{6}$' },
  ],
  identities: ['br-nfse-municipal-reg'],
};
