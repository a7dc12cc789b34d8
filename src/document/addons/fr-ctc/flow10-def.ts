// Figures (extension keys, codes and scenarios) of the addon module gobl.fr.ctc v0.0.3, held as project data.

import type { AddonDefinition } from '../../tax/addon-def';
import { docTypeScenarios, FR_CTC_BILLING_MODE } from './flow2-def';

export const FR_CTC_FLOW10_V1: AddonDefinition = {
  key: 'fr-ctc-flow10-v1',
  extensions: [{ key: 'fr-ctc-flow10-b2c-category', codes: ['TLB1', 'TPS1', 'TNT1', 'TMA1'] }, FR_CTC_BILLING_MODE],
  scenarios: docTypeScenarios([
    ['standard', [], '380'],
    ['standard', ['prepayment'], '386'],
    ['corrective', [], '384'],
    ['credit-note', [], '381'],
    ['credit-note', ['prepayment'], '503'],
  ]),
};

export const FLOW10_DOC_TYPES = ['380', '386', '384', '381', '503'];

/** VAT percentages flow 10 accepts (G1.24). */
export const FLOW10_VAT_PERCENTS = ['0%', '0.9%', '1.05%', '1.75%', '2.1%', '5.5%', '7%', '8.5%', '9.2%', '9.6%', '10%', '13%', '19.6%', '20%', '20.6%'];
