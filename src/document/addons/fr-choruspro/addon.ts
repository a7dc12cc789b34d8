import type { NodeKind } from '../../base/node-kind';
import type { JsonObject } from '../../base/types';
import { FR_CHORUSPRO_V1 } from './def';
import type { Addon } from '../../tax/addon-def';
import { normalizeChorusInvoice, validateChorusInvoice } from './bill-invoice';
import { normalizeChorusLine } from './bill-line';
import { normalizeChorusParty, validateChorusParty } from './org-party';

/** France's Chorus Pro public sector platform (addon fr-choruspro-v1, requires eu-en16931-v2017). */

export const frChoruspro: Addon = {
  def: FR_CHORUSPRO_V1,
  normalize(node: JsonObject, kind: NodeKind) {
    if (kind === 'bill/invoice') normalizeChorusInvoice(node);
    else if (kind === 'bill/line') normalizeChorusLine(node);
    else if (kind === 'org/party') normalizeChorusParty(node);
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    if (kind === 'bill/invoice') return validateChorusInvoice(node, path);
    if (kind === 'org/party') return validateChorusParty(node, path);
    return [];
  },
};
