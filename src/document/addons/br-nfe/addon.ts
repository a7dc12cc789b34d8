import { hooksByKind } from '../../tax/hooks';
import { BR_NFE_V4 } from './def';
import type { Addon } from '../../tax/addon-def';
import { normalizeNfeInvoice, validateNfeInvoice } from './bill-invoice';
import { normalizeNfeCombo, validateNfeCombo } from './tax-combo';
import { normalizeNfePaymentMeans, validateNfePaymentMeans } from './pay';
import { validateNfeLine } from './bill-line';
import { validateNfeIdentity } from './org-identity';
import { validateNfeParty } from './org-party';

/**
 * Brazil's goods invoices, NF-e (model 55) and NFC-e (model 65): addon br-nfe-v4 of the module gobl.br.nfe,
 * as its files stood at commit 2f45764d (the newest version of each, for GOBL v0.502). The model follows the `simplified` tag; suppliers,
 * customers, ICMS/PIS/COFINS combos and payment means get their defaults; the rules carry the module's codes.
 */

export const brNfe: Addon = {
  def: BR_NFE_V4,
  ...hooksByKind({
    normalize: {
      'bill/invoice': normalizeNfeInvoice,
      'tax/combo': normalizeNfeCombo,
      'pay/instructions': normalizeNfePaymentMeans,
      'pay/record': normalizeNfePaymentMeans,
    },
    validate: {
      'bill/invoice': validateNfeInvoice,
      'bill/line': validateNfeLine,
      'tax/combo': validateNfeCombo,
      'org/identity': validateNfeIdentity,
      'org/party': validateNfeParty,
      'pay/instructions': (node, path) => validateNfePaymentMeans(node, path, 'GOBL-BR-NFE-PAY-INSTRUCTIONS', 'the payment instructions'),
      'pay/record': (node, path) => validateNfePaymentMeans(node, path, 'GOBL-BR-NFE-PAY-RECORD', 'an advance payment'),
    },
  }),
};
