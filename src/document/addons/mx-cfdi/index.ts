// Addon mx-cfdi-v4 (module gobl.mx.cfdi): its hooks in addon.ts, its rules in a file per object.
export { mxCfdi } from './addon';
