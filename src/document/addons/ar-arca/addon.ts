import { hooksByKind } from '../../tax/hooks';
import { AR_ARCA_V4 } from './def';
import type { Addon } from '../../tax/addon-def';
import { correctArca } from './corrections';
import { normalizeArcaCombo, validateArcaCombo } from './tax-combo';
import { normalizeArcaInvoice, validateArcaInvoice } from './bill-invoice';
import { validateArcaCharge } from './bill-charge';

/** Argentina's ARCA electronic invoicing, web service v4 (addon ar-arca-v4). */

export const arArca: Addon = {
  def: AR_ARCA_V4,
  correct: correctArca,
  ...hooksByKind({
    normalize: {
      'tax/combo': normalizeArcaCombo,
      'bill/invoice': normalizeArcaInvoice,
    },
    validate: {
      'bill/invoice': validateArcaInvoice,
      'bill/charge': validateArcaCharge,
      'tax/combo': validateArcaCombo,
    },
  }),
};
