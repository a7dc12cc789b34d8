import { hooksByKind } from '../../tax/hooks';
import { ES_SII_V1 } from './def';
import { moveDocTypeOnCorrection } from '../es-common/correction';
import type { Addon } from '../../tax/addon-def';
import { normalizeSiiCombo, validateSiiCombo } from './tax-combo';
import { normalizeSiiLine } from './bill-line';
import { normalizeSiiInvoice, validateSiiInvoice } from './bill-invoice';

/** Spain's SII immediate reporting (addon es-sii-v1). */

export const esSii: Addon = {
  def: ES_SII_V1,
  correct: moveDocTypeOnCorrection('es-sii-doc-type'),
  ...hooksByKind({
    normalize: {
      'tax/combo': normalizeSiiCombo,
      'bill/line': normalizeSiiLine,
      'bill/invoice': normalizeSiiInvoice,
    },
    validate: {
      'bill/invoice': validateSiiInvoice,
      'tax/combo': validateSiiCombo,
    },
  }),
};
