// Figures (extension keys, codes, scenario filters and outputs) of GOBL v0.502.1, held as project data.

import type { AddonDefinition } from '../../tax/addon-def';
import { spanishDocTypeRules } from '../es-common/doc-type-rules';

export const ES_SII_V1: AddonDefinition = {
  key: 'es-sii-v1',
  extensions: [
    { key: 'es-sii-doc-type', codes: ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'R1', 'R2', 'R3', 'R4', 'R5', 'AJ', 'LC'] },
    { key: 'es-sii-correction-type', codes: ['S', 'I'] },
    { key: 'es-sii-exempt', codes: ['E1', 'E2', 'E3', 'E4', 'E5', 'E6'] },
    { key: 'es-sii-outside-scope', codes: ['other', 'location'] },
    {
      key: 'es-sii-regime',
      codes: [
        '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13', '14', '15',
        '16', '17'
      ],
    },
    { key: 'es-sii-identity-type', codes: ['02', '03', '04', '05', '06', '07'] },
    { key: 'es-sii-simplified-art7273', codes: ['S', 'N'] },
    { key: 'es-sii-third-party-issuer', codes: ['S', 'N'] },
    { key: 'es-sii-product', codes: ['goods', 'services'] },
  ],
  ...spanishDocTypeRules('es-sii-doc-type'),
};
