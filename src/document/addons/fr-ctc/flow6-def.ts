// Figures (extension keys and codes) of the addon module gobl.fr.ctc v0.0.3, held as project data.

import type { AddonDefinition } from '../../tax/addon-def';

/** CDAR reason codes (fr-ctc-flow6-reason). */
export const FLOW6_REASONS = [
  'NON_TRANSMISE', 'JUSTIF_ABS', 'ROUTAGE_ERR', 'AUTRE', 'COORD_BANC_ERR', 'TX_TVA_ERR', 'MONTANTTOTAL_ERR',
  'CALCUL_ERR', 'NON_CONFORME', 'DOUBLON', 'DEST_INC', 'DEST_ERR', 'TRANSAC_INC', 'EMMET_INC', 'CONTRAT_TERM',
  'DOUBLE_FACT', 'CMD_ERR', 'ADR_ERR', 'SIRET_ERR', 'CODE_ROUTAGE_ERR', 'REF_CT_ABSENT', 'REF_ERR', 'PU_ERR',
  'REM_ERR', 'QTE_ERR', 'ART_ERR', 'MODPAI_ERR', 'QUALITE_ERR', 'LIVR_INCOMP', 'REJ_SEMAN', 'REJ_UNI', 'REJ_COH',
  'REJ_ADR', 'REJ_CONT_B2G', 'REJ_REF_PJ', 'REJ_ASS_PJ', 'IRR_VIDE_F', 'IRR_TYPE_F', 'IRR_SYNTAX', 'IRR_TAILLE_PJ',
  'IRR_NOM_PJ', 'IRR_VID_PJ', 'IRR_EXT_DOC', 'IRR_TAILLE_F', 'IRR_ANTIVIRUS',
];

/** Party roles (UNCL 3035 subset), the CDAR action codes and the characteristic (condition) codes. */
export const FLOW6_ROLES = ['BY', 'AB', 'DL', 'SE', 'SR', 'WK', 'DFH', 'PE', 'PR', 'II', 'IV'];
export const FLOW6_ACTIONS = ['NOA', 'PIN', 'NIN', 'CNF', 'CNP', 'CNA', 'OTH'];
export const FLOW6_STATUS_CONDITIONS = ['CBB', 'DIV', 'DVA', 'MAJ', 'MAP', 'MAPTTC', 'MNA', 'MNATTC', 'ESC', 'RAB', 'REM'];
export const FLOW6_PAYMENT_CONDITIONS = ['MEN', 'MPA', 'RAP'];
export const FLOW6_STATUS_CODES = ['200', '201', '202', '203', '204', '205', '206', '207', '208', '209', '210', '213'];
export const FLOW6_PAYMENT_CODES = ['211', '212'];

/** The extension keys of flow 6. */
export const FLOW6 = {
  role: 'fr-ctc-flow6-role',
  reason: 'fr-ctc-flow6-reason',
  status: 'fr-ctc-flow6-status',
  condition: 'fr-ctc-flow6-condition',
  action: 'fr-ctc-flow6-action',
} as const;

/** ICD 6523 schemes a flow 6 party identity may have (STC, 0231, is an invoice matter). */
export const FLOW6_SCHEMES = ['0002', '0009', '0223', '0224', '0226', '0227', '0228', '0229', '0238'];

export const FR_CTC_FLOW6_V1: AddonDefinition = {
  key: 'fr-ctc-flow6-v1',
  extensions: [
    { key: 'fr-ctc-flow6-role', codes: FLOW6_ROLES },
    { key: 'fr-ctc-flow6-reason', codes: FLOW6_REASONS },
    { key: 'fr-ctc-flow6-status', codes: [...FLOW6_STATUS_CODES.slice(0, 11), ...FLOW6_PAYMENT_CODES, '213'] },
    { key: 'fr-ctc-flow6-condition', codes: [...FLOW6_STATUS_CONDITIONS, ...FLOW6_PAYMENT_CONDITIONS] },
    { key: 'fr-ctc-flow6-action', codes: FLOW6_ACTIONS },
  ],
};
