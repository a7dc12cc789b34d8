// Addon es-facturae-v3: its hooks in addon.ts, its invoice rules in bill-invoice.ts.
export { esFacturae } from './addon';
