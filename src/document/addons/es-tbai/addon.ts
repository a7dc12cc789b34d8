import type { NodeKind } from '../../base/node-kind';
import type { JsonObject } from '../../base/types';
import { ES_TBAI_V1 } from './def';
import type { Addon } from '../../tax/addon-def';
import { normalizeTbaiCombo, validateTbaiCombo } from './tax-combo';
import { normalizeTbaiLine } from './bill-line';
import { normalizeTbaiInvoice, validateTbaiInvoice } from './bill-invoice';

/** The Basque Country's TicketBAI (addon es-tbai-v1). */

export const esTbai: Addon = {
  def: ES_TBAI_V1,
  normalize(node: JsonObject, kind: NodeKind) {
    if (kind === 'tax/combo') normalizeTbaiCombo(node);
    else if (kind === 'bill/line') normalizeTbaiLine(node);
    else if (kind === 'bill/invoice') normalizeTbaiInvoice(node);
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    if (kind === 'bill/invoice') return validateTbaiInvoice(node, path);
    if (kind === 'tax/combo') return validateTbaiCombo(node, path);
    return [];
  },
};
