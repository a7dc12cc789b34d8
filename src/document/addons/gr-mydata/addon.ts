import { hooksByKind } from '../../tax/hooks';
import { GR_MYDATA_V1 } from './def';
import type { Addon } from '../../tax/addon-def';
import { normalizeMydataCombo, validateMydataCombo } from './tax-combo';
import { normalizeMydataCharge, validateMydataCharge } from './bill-charge';
import { fi, fr, normalizeMydataPayment, validateMydataPayment } from './pay';
import { validateMydataInvoice } from './bill-invoice';

/** Greece's myDATA reporting (addon gr-mydata-v1). */

export const grMydata: Addon = {
  def: GR_MYDATA_V1,
  ...hooksByKind({
    normalize: {
      'tax/combo': normalizeMydataCombo,
      'bill/charge': normalizeMydataCharge,
      'pay/instructions': normalizeMydataPayment,
      'pay/record': normalizeMydataPayment,
    },
    validate: {
      'bill/invoice': validateMydataInvoice,
      'bill/charge': validateMydataCharge,
      'tax/combo': validateMydataCombo,
      'pay/instructions': (node, path) => validateMydataPayment(node, path, fi),
      'pay/record': (node, path) => validateMydataPayment(node, path, fr),
    },
  }),
};
