// Figures (extension keys, codes, scenario filters and outputs) of GOBL v0.502.1, held as project data.

import type { AddonDefinition } from '../../tax/addon-def';

export const DE_ZUGFERD_V2: AddonDefinition = {
  key: 'de-zugferd-v2',
  requires: ['eu-en16931-v2017'],
  extensions: [
  ],
};
