// Addon it-sdi-v1: its hooks in addon.ts, its rules in a file per object.
export { itSdi } from './addon';
export { normalizeSdiAddress, validateSdiAddress } from './org-address';
export { normalizeSdiCombo, validateSdiCombo } from './tax-combo';
export { normalizeSdiInvoice } from './bill-invoice';
export { normalizeSdiPayment } from './pay';
