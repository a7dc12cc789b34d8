// Addon co-dian-v2: its hooks in addon.ts, its rules in a file per object.
export { coDian } from './addon';
export { normalizeDianParty } from './org-party';
export { validateDianInvoice } from './bill-invoice';
