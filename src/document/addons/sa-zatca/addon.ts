import type { NodeKind } from '../../base/node-kind';
import type { JsonObject } from '../../base/types';
import { SA_ZATCA_V1 } from './def';
import type { Addon } from '../../tax/addon-def';
import { normalizeZatcaInvoice, validateZatcaInvoice } from './bill-invoice';
import { validateZatcaLine } from './bill-line';
import { validateZatcaAddress } from './org-address';
import { validateZatcaCombo } from './tax-combo';

/** Saudi Arabia's ZATCA e-invoicing, on top of EN 16931 (addon sa-zatca-v1, module gobl.sa.zatca v0.0.2). */

export const saZatca: Addon = {
  def: SA_ZATCA_V1,
  normalize(node: JsonObject, kind: NodeKind) {
    if (kind === 'bill/invoice') normalizeZatcaInvoice(node);
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    switch (kind) {
      case 'bill/invoice':
        return validateZatcaInvoice(node, path);
      case 'bill/line':
        return validateZatcaLine(node, path);
      case 'org/address':
        return validateZatcaAddress(node, path);
      case 'tax/combo':
        return validateZatcaCombo(node, path);
      default:
        return [];
    }
  },
};
