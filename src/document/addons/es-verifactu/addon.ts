import { hooksByKind } from '../../tax/hooks';
import { ES_VERIFACTU_V1 } from './def';
import { moveDocTypeOnCorrection } from '../es-common/correction';
import type { Addon } from '../../tax/addon-def';
import { normalizeVerifactuCombo, validateVerifactuCombo } from './tax-combo';
import { normalizeVerifactuInvoice, validateVerifactuInvoice } from './bill-invoice';

/** Spain's VERI*FACTU reporting (addon es-verifactu-v1). */

export const esVerifactu: Addon = {
  def: ES_VERIFACTU_V1,
  correct: moveDocTypeOnCorrection('es-verifactu-doc-type'),
  ...hooksByKind({
    normalize: {
      'tax/combo': normalizeVerifactuCombo,
      'bill/invoice': normalizeVerifactuInvoice,
    },
    validate: {
      'bill/invoice': validateVerifactuInvoice,
      'tax/combo': validateVerifactuCombo,
    },
  }),
};
