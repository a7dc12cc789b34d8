// Addon de-xrechnung-v3: its hooks in addon.ts, its invoice rules in bill-invoice.ts.
export { deXrechnung } from './addon';
export { validateXrechnungInvoice } from './bill-invoice';
