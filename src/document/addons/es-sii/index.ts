// Addon es-sii-v1: its hooks in addon.ts, its rules in a file per object.
export { esSii } from './addon';
export { normalizeSiiCombo, validateSiiCombo } from './tax-combo';
export { normalizeSiiInvoice, validateSiiInvoice } from './bill-invoice';
export { normalizeSiiLine } from './bill-line';
