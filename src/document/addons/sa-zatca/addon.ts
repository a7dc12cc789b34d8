import { hooksByKind } from '../../tax/hooks';
import { SA_ZATCA_V1 } from './def';
import type { Addon } from '../../tax/addon-def';
import { normalizeZatcaInvoice, validateZatcaInvoice } from './bill-invoice';
import { validateZatcaLine } from './bill-line';
import { validateZatcaAddress } from './org-address';
import { validateZatcaCombo } from './tax-combo';

/** Saudi Arabia's ZATCA e-invoicing, on top of EN 16931 (addon sa-zatca-v1, module gobl.sa.zatca v0.0.2). */

export const saZatca: Addon = {
  def: SA_ZATCA_V1,
  ...hooksByKind({
    normalize: {
      'bill/invoice': normalizeZatcaInvoice,
    },
    validate: {
      'bill/invoice': validateZatcaInvoice,
      'bill/line': validateZatcaLine,
      'org/address': validateZatcaAddress,
      'tax/combo': validateZatcaCombo,
    },
  }),
};
