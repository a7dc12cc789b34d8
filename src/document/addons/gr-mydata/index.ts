// Addon gr-mydata-v1: its hooks in addon.ts, its rules in a file per object.
export { grMydata } from './addon';
export { normalizeMydataCharge, validateMydataCharge } from './bill-charge';
export { normalizeMydataCombo, validateMydataCombo } from './tax-combo';
export { normalizeMydataPayment } from './pay';
