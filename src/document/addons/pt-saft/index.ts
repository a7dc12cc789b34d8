// Addon pt-saft-v1 (module gobl.pt.saft): its hooks in addon.ts, its rules in a file per object.
export { ptSaft } from './addon';
export { codeValid, seriesValid, sourceRefValid } from './series';
