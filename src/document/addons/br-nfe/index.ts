// Addon br-nfe-v4 (module gobl.br.nfe): its hooks in addon.ts, its rules in a file per object.
export { brNfe } from './addon';
