import type { NodeKind } from '../../base/node-kind';
import type { JsonObject } from '../../base/types';
import { CO_DIAN_V2 } from './def';
import type { Addon } from '../../tax/addon-def';
import { obj } from '../../rules/values';
import { normalizeDianParty } from './org-party';
import { validateDianInvoice } from './bill-invoice';

/** Colombia's DIAN UBL 2.1 electronic invoicing (addon co-dian-v2). */

export const coDian: Addon = {
  def: CO_DIAN_V2,
  normalize(node: JsonObject, kind: NodeKind) {
    if (kind !== 'bill/invoice') return;
    normalizeDianParty(obj(node, 'supplier'));
    normalizeDianParty(obj(node, 'customer'));
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    return kind === 'bill/invoice' ? validateDianInvoice(node, path) : [];
  },
};
