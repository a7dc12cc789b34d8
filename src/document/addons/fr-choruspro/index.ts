// Addon fr-choruspro-v1: its hooks in addon.ts, its rules in a file per object.
export { frChoruspro } from './addon';
export { normalizeChorusLine } from './bill-line';
export { normalizeChorusParty, validateChorusParty } from './org-party';
