import { hooksByKind } from '../../tax/hooks';
import { ES_TBAI_V1 } from './def';
import type { Addon } from '../../tax/addon-def';
import { normalizeTbaiCombo, validateTbaiCombo } from './tax-combo';
import { normalizeTbaiLine } from './bill-line';
import { normalizeTbaiInvoice, validateTbaiInvoice } from './bill-invoice';

/** The Basque Country's TicketBAI (addon es-tbai-v1). */

export const esTbai: Addon = {
  def: ES_TBAI_V1,
  ...hooksByKind({
    normalize: {
      'tax/combo': normalizeTbaiCombo,
      'bill/line': normalizeTbaiLine,
      'bill/invoice': normalizeTbaiInvoice,
    },
    validate: {
      'bill/invoice': validateTbaiInvoice,
      'tax/combo': validateTbaiCombo,
    },
  }),
};
