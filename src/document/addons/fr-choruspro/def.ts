// Figures (extension keys, codes, scenario filters and outputs) of GOBL v0.502.1, held as project data.

import type { AddonDefinition } from '../../tax/addon-def';

export const FR_CHORUSPRO_V1: AddonDefinition = {
  key: 'fr-choruspro-v1',
  requires: ['eu-en16931-v2017'],
  extensions: [
    {
      key: 'fr-choruspro-framework',
      codes: [
        'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9', 'A10', 'A12', 'A13', 'A14', 'A15',
        'A16', 'A17', 'A18', 'A19', 'A20', 'A21', 'A22', 'A23', 'A24', 'A25'
      ],
    },
    { key: 'fr-choruspro-scheme', codes: ['1', '2', '3', '4', '5', '6'] },
  ],
};
