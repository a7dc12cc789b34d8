// Addon it-ticket-v1: its hooks in addon.ts, its rules in a file per object.
export { itTicket } from './addon';
export { normalizeTicketCombo, validateTicketCombo } from './tax-combo';
export { normalizeTicketInvoice } from './bill-invoice';
export { normalizeTicketItem } from './org-item';
