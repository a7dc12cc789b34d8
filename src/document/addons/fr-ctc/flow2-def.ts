// Figures (extension keys, codes and scenarios) of the addon module gobl.fr.ctc v0.0.3, held as project data.

import type { AddonDefinition, AddonScenario } from '../../tax/addon-def';
import type { ExtensionDefinition } from '../../tax/extension-def';

/** The DGFiP billing framework ("cadre de facturation"), shared by flows 2 and 10. */
export const FR_CTC_BILLING_MODE: ExtensionDefinition = {
  key: 'fr-ctc-billing-mode',
  codes: ['B1', 'B2', 'B4', 'B7', 'S1', 'S2', 'S4', 'S5', 'S6', 'S7', 'M1', 'M2', 'M4'],
};

/** Invoice type and tags → UNTDID 1001 document type; later matches win. */
const DOC_TYPES: [string, string[], string][] = [
  ['standard', [], '380'],
  ['standard', ['self-billed'], '389'],
  ['standard', ['factoring'], '393'],
  ['standard', ['self-billed', 'factoring'], '501'],
  ['standard', ['prepayment'], '386'],
  ['standard', ['self-billed', 'prepayment'], '500'],
  ['corrective', [], '384'],
  ['corrective', ['self-billed'], '471'],
  ['corrective', ['factoring'], '472'],
  ['corrective', ['self-billed', 'factoring'], '473'],
  ['credit-note', [], '381'],
  ['credit-note', ['self-billed'], '261'],
  ['credit-note', ['factoring'], '396'],
  ['credit-note', ['self-billed', 'factoring'], '502'],
  ['credit-note', ['prepayment'], '503'],
];

export function docTypeScenarios(rows: [string, string[], string][]): AddonScenario[] {
  return rows.map(([type, tags, code]) => ({
    schema: 'bill/invoice',
    types: [type],
    ...(tags.length > 0 ? { tags } : {}),
    ext: { 'untdid-document-type': code },
  }));
}

export const FR_CTC_FLOW2_V1: AddonDefinition = {
  key: 'fr-ctc-flow2-v1',
  requires: ['eu-en16931-v2017'],
  extensions: [FR_CTC_BILLING_MODE],
  scenarios: docTypeScenarios(DOC_TYPES),
};

/** Document types a flow 2 invoice may carry (262, the consolidated credit note, only when given). */
export const FLOW2_DOC_TYPES = ['380', '389', '393', '501', '386', '500', '384', '471', '472', '473', '381', '261', '396', '502', '503', '262'];
export const FLOW2_SELF_BILLED = ['389', '501', '500', '471', '473', '261', '502'];
export const FLOW2_CORRECTIVE = ['384', '471', '472', '473'];
export const FLOW2_CREDIT_NOTES = ['261', '381', '396', '502', '503'];
export const FR_CTC_ADVANCE_TYPES = ['386', '500', '503'];
