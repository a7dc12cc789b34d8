// Addon sa-zatca-v1 (module gobl.sa.zatca): its hooks in addon.ts, its rules in a file per object.
export { saZatca } from './addon';
export { parseZatcaInvoiceType, zatcaInvoiceTypeCode } from './invoice-type';
