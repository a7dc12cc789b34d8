// Addon pl-favat-v3: its hooks in addon.ts, its rules in a file per object.
export { plFavat } from './addon';
export { normalizeFavatCombo } from './tax-combo';
export { normalizeFavatInvoice, validateFavatInvoice } from './bill-invoice';
export { normalizeFavatPayment } from './pay';
