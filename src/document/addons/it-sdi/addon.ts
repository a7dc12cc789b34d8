import { hooksByKind } from '../../tax/hooks';
import { IT_SDI_V1 } from './def';
import type { Addon } from '../../tax/addon-def';
import { faultMaker } from '../../rules/fault';
import { hasExt } from '../../tax/extensions';
import { normalizeSdiInvoice, validateSdiInvoice } from './bill-invoice';
import { normalizeSdiPayment } from './pay';
import { normalizeSdiAddress, validateSdiAddress } from './org-address';
import { normalizeSdiCombo, validateSdiCombo } from './tax-combo';
import { validateSdiCharge } from './bill-charge';
import { K } from './extensions';

/** Italy's SDI FatturaPA (addon it-sdi-v1). */

const fi = faultMaker('GOBL-IT-SDI-PAY-INSTRUCTIONS');
const fr = faultMaker('GOBL-IT-SDI-PAY-RECORD');

export const itSdi: Addon = {
  def: IT_SDI_V1,
  ...hooksByKind({
    normalize: {
      'bill/invoice': normalizeSdiInvoice,
      'pay/instructions': normalizeSdiPayment,
      'pay/record': normalizeSdiPayment,
      'org/address': normalizeSdiAddress,
      'tax/combo': normalizeSdiCombo,
    },
    validate: {
      'bill/invoice': validateSdiInvoice,
      'bill/charge': validateSdiCharge,
      'org/address': validateSdiAddress,
      'tax/combo': validateSdiCombo,
      'pay/instructions': (node, path) => (hasExt(node, K.paymentMeans) ? [] : [fi('01', `'${K.paymentMeans}' is needed`, `${path}.ext`)]),
      'pay/record': (node, path) => (hasExt(node, K.paymentMeans) ? [] : [fr('01', `'${K.paymentMeans}' is needed`, `${path}.ext`)]),
    },
  }),
};
