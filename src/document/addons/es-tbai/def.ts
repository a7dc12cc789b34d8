// Figures (extension keys, codes, scenario filters and outputs) of GOBL v0.502.1, held as project data.

import type { AddonDefinition } from '../../tax/addon-def';

export const ES_TBAI_V1: AddonDefinition = {
  key: 'es-tbai-v1',
  extensions: [
    { key: 'es-tbai-region', codes: ['VI', 'BI', 'SS'] },
    { key: 'es-tbai-product', codes: ['goods', 'services', 'resale'] },
    { key: 'es-tbai-exemption', codes: ['E1', 'E2', 'E3', 'E4', 'E5', 'E6', 'OT', 'RL', 'VT', 'IE', 'S2'] },
    { key: 'es-tbai-correction', codes: ['R1', 'R2', 'R3', 'R4', 'R5'] },
    {
      key: 'es-tbai-regime',
      codes: [
        '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13', '14', '15',
        '17', '51', '52', '53'
      ],
    },
    { key: 'es-tbai-bi-activity', pattern: '^\\d{1,7}$' },
    { key: 'es-tbai-identity-type', codes: ['02', '03', '04', '05', '06'] },
    { key: 'es-tbai-simplified', codes: ['S', 'N'] },
  ],
  corrections: [
    { schema: 'bill/invoice', extensions: ['es-tbai-correction'] },
  ],
};
