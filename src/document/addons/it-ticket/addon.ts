import type { NodeKind } from '../../base/node-kind';
import type { JsonObject } from '../../base/types';
import { IT_TICKET_V1 } from './def';
import type { Addon } from '../../tax/addon-def';
import { normalizeTicketCombo, validateTicketCombo } from './tax-combo';
import { normalizeTicketItem } from './org-item';
import { normalizeTicketInvoice, validateTicketInvoice } from './bill-invoice';

/** Italy's AdE electronic receipts, "documento commerciale" (addon it-ticket-v1). */

export const itTicket: Addon = {
  def: IT_TICKET_V1,
  normalize(node: JsonObject, kind: NodeKind) {
    if (kind === 'tax/combo') normalizeTicketCombo(node);
    else if (kind === 'org/item') normalizeTicketItem(node);
    else if (kind === 'bill/invoice') normalizeTicketInvoice(node);
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    if (kind === 'bill/invoice') return validateTicketInvoice(node, path);
    if (kind === 'tax/combo') return validateTicketCombo(node, path);
    return [];
  },
};
