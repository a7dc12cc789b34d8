import { hooksByKind } from '../../tax/hooks';
import { FR_CHORUSPRO_V1 } from './def';
import type { Addon } from '../../tax/addon-def';
import { normalizeChorusInvoice, validateChorusInvoice } from './bill-invoice';
import { normalizeChorusLine } from './bill-line';
import { normalizeChorusParty, validateChorusParty } from './org-party';

/** France's Chorus Pro public sector platform (addon fr-choruspro-v1, requires eu-en16931-v2017). */

export const frChoruspro: Addon = {
  def: FR_CHORUSPRO_V1,
  ...hooksByKind({
    normalize: {
      'bill/invoice': normalizeChorusInvoice,
      'bill/line': normalizeChorusLine,
      'org/party': normalizeChorusParty,
    },
    validate: {
      'bill/invoice': validateChorusInvoice,
      'org/party': validateChorusParty,
    },
  }),
};
