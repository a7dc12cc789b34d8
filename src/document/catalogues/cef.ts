// Figures (extension keys, codes, scenario filters and outputs) of GOBL v0.502.1, held as project data.

import type { ExtensionDefinition } from '../tax/extension-def';

export const CEF_CATALOGUE: ExtensionDefinition[] = [
  {
    key: 'cef-vatex',
    codes: [
      'VATEX-EU-79-C', 'VATEX-EU-132', 'VATEX-EU-132-1A', 'VATEX-EU-132-1B', 'VATEX-EU-132-1C',
      'VATEX-EU-132-1D', 'VATEX-EU-132-1E', 'VATEX-EU-132-1F', 'VATEX-EU-132-1G',
      'VATEX-EU-132-1H', 'VATEX-EU-132-1I', 'VATEX-EU-132-1J', 'VATEX-EU-132-1K',
      'VATEX-EU-132-1L', 'VATEX-EU-132-1M', 'VATEX-EU-132-1N', 'VATEX-EU-132-1O',
      'VATEX-EU-132-1P', 'VATEX-EU-132-1Q', 'VATEX-EU-143', 'VATEX-EU-143-1A',
      'VATEX-EU-143-1B', 'VATEX-EU-143-1C', 'VATEX-EU-143-1D', 'VATEX-EU-143-1E',
      'VATEX-EU-143-1F', 'VATEX-EU-143-1FA', 'VATEX-EU-143-1G', 'VATEX-EU-143-1H',
      'VATEX-EU-143-1I', 'VATEX-EU-143-1J', 'VATEX-EU-143-1K', 'VATEX-EU-143-1L',
      'VATEX-EU-148', 'VATEX-EU-148-A', 'VATEX-EU-148-B', 'VATEX-EU-148-C', 'VATEX-EU-148-D',
      'VATEX-EU-148-E', 'VATEX-EU-148-F', 'VATEX-EU-148-G', 'VATEX-EU-151', 'VATEX-EU-151-1A',
      'VATEX-EU-151-1AA', 'VATEX-EU-151-1B', 'VATEX-EU-151-1C', 'VATEX-EU-151-1D',
      'VATEX-EU-151-1E', 'VATEX-EU-309', 'VATEX-EU-AE', 'VATEX-EU-D', 'VATEX-EU-F',
      'VATEX-EU-G', 'VATEX-EU-I', 'VATEX-EU-IC', 'VATEX-EU-J', 'VATEX-EU-O',
      'VATEX-FR-FRANCHISE', 'VATEX-FR-CNWVAT', 'VATEX-SA-29', 'VATEX-SA-29-7', 'VATEX-SA-30',
      'VATEX-SA-32', 'VATEX-SA-33', 'VATEX-SA-34-1', 'VATEX-SA-34-2', 'VATEX-SA-34-3',
      'VATEX-SA-34-4', 'VATEX-SA-34-5', 'VATEX-SA-35', 'VATEX-SA-36', 'VATEX-SA-EDU',
      'VATEX-SA-HEA', 'VATEX-SA-MLTRY', 'VATEX-SA-OOS'
    ],
  },
];
