import type { NodeKind } from '../../base/node-kind';
import type { JsonObject } from '../../base/types';
import { BR_NFSE_V1 } from './def';
import type { Addon } from '../../tax/addon-def';
import { normalizeNfseInvoice, validateNfseInvoice } from './bill-invoice';
import { normalizeNfseCombo, validateNfseCombo } from './tax-combo';
import { validateNfseLine } from './bill-line';
import { validateNfseItem } from './org-item';

/** Brazil's municipal service invoices, NFS-e (addon br-nfse-v1, module gobl.br.nfse v0.0.2). */

export const brNfse: Addon = {
  def: BR_NFSE_V1,
  normalize(node: JsonObject, kind: NodeKind) {
    if (kind === 'bill/invoice') normalizeNfseInvoice(node);
    else if (kind === 'tax/combo') normalizeNfseCombo(node);
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    switch (kind) {
      case 'bill/invoice':
        return validateNfseInvoice(node, path);
      case 'bill/line':
        return validateNfseLine(node, path);
      case 'org/item':
        return validateNfseItem(node, path);
      case 'tax/combo':
        return validateNfseCombo(node, path);
      default:
        return [];
    }
  },
};
