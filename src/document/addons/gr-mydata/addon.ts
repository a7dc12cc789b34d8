import type { NodeKind } from '../../base/node-kind';
import type { JsonObject } from '../../base/types';
import { GR_MYDATA_V1 } from './def';
import type { Addon } from '../../tax/addon-def';
import { normalizeMydataCombo, validateMydataCombo } from './tax-combo';
import { normalizeMydataCharge, validateMydataCharge } from './bill-charge';
import { fi, fr, normalizeMydataPayment, validateMydataPayment } from './pay';
import { validateMydataInvoice } from './bill-invoice';

/** Greece's myDATA reporting (addon gr-mydata-v1). */

export const grMydata: Addon = {
  def: GR_MYDATA_V1,
  normalize(node: JsonObject, kind: NodeKind) {
    if (kind === 'tax/combo') normalizeMydataCombo(node);
    else if (kind === 'bill/charge') normalizeMydataCharge(node);
    else if (kind === 'pay/instructions' || kind === 'pay/record') normalizeMydataPayment(node);
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    switch (kind) {
      case 'bill/invoice':
        return validateMydataInvoice(node, path);
      case 'bill/charge':
        return validateMydataCharge(node, path);
      case 'tax/combo':
        return validateMydataCombo(node, path);
      case 'pay/instructions':
        return validateMydataPayment(node, path, fi);
      case 'pay/record':
        return validateMydataPayment(node, path, fr);
      default:
        return [];
    }
  },
};
