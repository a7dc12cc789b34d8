import { hooksByKind } from '../../tax/hooks';
import { PT_SAFT_V1 } from './def';
import type { Addon } from '../../tax/addon-def';
import { normalizeSaftCombo, validateSaftCategoryTotal, validateSaftCombo, validateSaftTaxNote } from './tax-combo';
import { normalizeSaftItem, validateSaftItem } from './org-item';
import { normalizeSaftPaymentMeans } from './pay';
import { normalizeSaftPayment, validateSaftPayment, validateSaftPaymentLine } from './bill-payment';
import { normalizeSaftOrder, validateSaftOrder } from './bill-order';
import { normalizeSaftDelivery, validateSaftDelivery } from './bill-delivery';
import { normalizeSaftInvoice, validateSaftInvoice } from './bill-invoice';
import { normalizeSaftLine, validateSaftLine } from './bill-line';
import { validateSaftNote } from './exemption-notes';

/** Portugal's SAF-T reporting to the AT (addon pt-saft-v1, module gobl.pt.saft v0.0.5). */

export const ptSaft: Addon = {
  def: PT_SAFT_V1,
  ...hooksByKind({
    normalize: {
      'tax/combo': normalizeSaftCombo,
      'org/item': normalizeSaftItem,
      'pay/instructions': normalizeSaftPaymentMeans,
      'pay/record': normalizeSaftPaymentMeans,
      'bill/payment': normalizeSaftPayment,
      'bill/order': normalizeSaftOrder,
      'bill/delivery': normalizeSaftDelivery,
      'bill/invoice': normalizeSaftInvoice,
      'bill/line': normalizeSaftLine,
    },
    validate: {
      'bill/invoice': validateSaftInvoice,
      'bill/payment': validateSaftPayment,
      'bill/payment-line': validateSaftPaymentLine,
      'bill/delivery': validateSaftDelivery,
      'bill/order': validateSaftOrder,
      'bill/line': validateSaftLine,
      'tax/combo': validateSaftCombo,
      'tax/category-total': validateSaftCategoryTotal,
      'tax/note': validateSaftTaxNote,
      'org/item': validateSaftItem,
      'org/note': validateSaftNote,
    },
  }),
};
