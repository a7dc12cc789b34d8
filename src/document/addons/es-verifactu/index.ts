// Addon es-verifactu-v1: its hooks in addon.ts, its rules in a file per object.
export { esVerifactu } from './addon';
export { normalizeVerifactuCombo, validateVerifactuCombo } from './tax-combo';
export { normalizeVerifactuInvoice, validateVerifactuInvoice } from './bill-invoice';
