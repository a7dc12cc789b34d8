// Addon br-nfse-v1 (module gobl.br.nfse): its hooks in addon.ts, its rules in a file per object.
export { brNfse } from './addon';
