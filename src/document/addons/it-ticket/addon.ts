import { hooksByKind } from '../../tax/hooks';
import { IT_TICKET_V1 } from './def';
import type { Addon } from '../../tax/addon-def';
import { normalizeTicketCombo, validateTicketCombo } from './tax-combo';
import { normalizeTicketItem } from './org-item';
import { normalizeTicketInvoice, validateTicketInvoice } from './bill-invoice';

/** Italy's AdE electronic receipts, "documento commerciale" (addon it-ticket-v1). */

export const itTicket: Addon = {
  def: IT_TICKET_V1,
  ...hooksByKind({
    normalize: {
      'tax/combo': normalizeTicketCombo,
      'org/item': normalizeTicketItem,
      'bill/invoice': normalizeTicketInvoice,
    },
    validate: {
      'bill/invoice': validateTicketInvoice,
      'tax/combo': validateTicketCombo,
    },
  }),
};
