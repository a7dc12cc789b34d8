// Figures (extension keys, codes, scenario filters and outputs) of GOBL v0.502.1, held as project data.

import type { AddonDefinition } from '../../tax/addon-def';
import { spanishDocTypeRules } from '../es-common/doc-type-rules';

export const ES_VERIFACTU_V1: AddonDefinition = {
  key: 'es-verifactu-v1',
  extensions: [
    { key: 'es-verifactu-doc-type', codes: ['F1', 'F2', 'F3', 'R1', 'R2', 'R3', 'R4', 'R5'] },
    { key: 'es-verifactu-correction-type', codes: ['S', 'I'] },
    { key: 'es-verifactu-op-class', codes: ['S1', 'S2', 'N1', 'N2'] },
    { key: 'es-verifactu-exempt', codes: ['E1', 'E2', 'E3', 'E4', 'E5', 'E6'] },
    {
      key: 'es-verifactu-regime',
      codes: [
        '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '14', '15', '17', '18',
        '19', '20'
      ],
    },
    { key: 'es-verifactu-identity-type', codes: ['02', '03', '04', '05', '06', '07'] },
    { key: 'es-verifactu-simplified-art7273', codes: ['S', 'N'] },
    { key: 'es-verifactu-issuer-type', codes: ['T', 'D'] },
  ],
  ...spanishDocTypeRules('es-verifactu-doc-type'),
};
