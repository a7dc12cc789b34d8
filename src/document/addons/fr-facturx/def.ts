// Figures (extension keys, codes, scenario filters and outputs) of GOBL v0.502.1, held as project data.

import type { AddonDefinition } from '../../tax/addon-def';

export const FR_FACTURX_V1: AddonDefinition = {
  key: 'fr-facturx-v1',
  requires: ['eu-en16931-v2017'],
  extensions: [
  ],
};
