// Addon ar-arca-v4: its hooks in addon.ts, its rules in a file per object.
export { arArca } from './addon';
export { normalizeArcaCombo, validateArcaCombo } from './tax-combo';
export { normalizeArcaInvoice, validateArcaInvoice } from './bill-invoice';
export { validateArcaCharge } from './bill-charge';
