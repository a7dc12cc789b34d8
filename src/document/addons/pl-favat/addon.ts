import type { NodeKind } from '../../base/node-kind';
import type { JsonObject } from '../../base/types';
import { PL_FAVAT_V3 } from './def';
import type { Addon } from '../../tax/addon-def';
import { faultMaker } from '../../rules/fault';
import { present } from '../../rules/values';
import { getExt } from '../../tax/extensions';
import { normalizeFavatCombo } from './tax-combo';
import { normalizeFavatPayment } from './pay';
import { normalizeFavatInvoice, validateFavatInvoice } from './bill-invoice';
import { K } from './extensions';

/** Poland's KSeF structured invoice FA(3) (addon pl-favat-v3). */

const fc = faultMaker('GOBL-PL-FAVAT-TAX-COMBO');
const fr = faultMaker('GOBL-PL-FAVAT-PAY-RECORD');

export const plFavat: Addon = {
  def: PL_FAVAT_V3,
  normalize(node: JsonObject, kind: NodeKind) {
    if (kind === 'tax/combo') normalizeFavatCombo(node);
    else if (kind === 'pay/instructions' || kind === 'pay/record') normalizeFavatPayment(node);
    else if (kind === 'bill/invoice') normalizeFavatInvoice(node);
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    if (kind === 'bill/invoice') return validateFavatInvoice(node, path);
    if (kind === 'tax/combo') {
      return getExt(node, K.taxCategory) ? [] : [fc('01', `'${K.taxCategory}' is needed`, `${path}.ext`)];
    }
    if (kind === 'pay/record') {
      return present(node, 'date') ? [] : [fr('01', 'an advance payment needs a date', `${path}.date`)];
    }
    return [];
  },
};
