// Addon eu-en16931-v2017: its hooks in addon.ts, its rules in a file per object.
export { ISO_SCHEME_ID, UNTDID, VATEX } from './extensions';
export { normalizeEnCombo, validateEnCombo } from './tax-combo';
export { euEn16931 } from './addon';
export { normalizeEnInbox, normalizeEnParty } from './org';
export { normalizeEnTaxNote } from './tax-note';
export { validateEnInvoice } from './bill-invoice';
