import { hooksByKind } from '../../tax/hooks';
import { BR_NFSE_V1 } from './def';
import type { Addon } from '../../tax/addon-def';
import { normalizeNfseInvoice, validateNfseInvoice } from './bill-invoice';
import { normalizeNfseCombo, validateNfseCombo } from './tax-combo';
import { validateNfseLine } from './bill-line';
import { validateNfseItem } from './org-item';

/** Brazil's municipal service invoices, NFS-e (addon br-nfse-v1, module gobl.br.nfse v0.0.2). */

export const brNfse: Addon = {
  def: BR_NFSE_V1,
  ...hooksByKind({
    normalize: {
      'bill/invoice': normalizeNfseInvoice,
      'tax/combo': normalizeNfseCombo,
    },
    validate: {
      'bill/invoice': validateNfseInvoice,
      'bill/line': validateNfseLine,
      'org/item': validateNfseItem,
      'tax/combo': validateNfseCombo,
    },
  }),
};
