// Addon es-tbai-v1: its hooks in addon.ts, its rules in a file per object.
export { esTbai } from './addon';
export { normalizeTbaiCombo, validateTbaiCombo } from './tax-combo';
export { normalizeTbaiInvoice, validateTbaiInvoice } from './bill-invoice';
export { normalizeTbaiLine } from './bill-line';
