// Figures (extension keys, codes, scenario filters and outputs) of GOBL v0.502.1, held as project data.

import type { AddonDefinition } from '../../tax/addon-def';

export const DE_XRECHNUNG_V3: AddonDefinition = {
  key: 'de-xrechnung-v3',
  requires: ['eu-en16931-v2017'],
  extensions: [
  ],
};
