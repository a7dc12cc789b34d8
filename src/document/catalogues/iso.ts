// Figures (extension keys, codes, scenario filters and outputs) of GOBL v0.502.1, held as project data.

import type { ExtensionDefinition } from '../tax/extension-def';

export const ISO_CATALOGUE: ExtensionDefinition[] = [
  { key: 'iso-scheme-id', pattern: '^\\d{4}$' },
];
