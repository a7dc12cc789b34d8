import type { NodeKind } from '../../base/node-kind';
import type { JsonObject } from '../../base/types';
import { AR_ARCA_V4 } from './def';
import type { Addon } from '../../tax/addon-def';
import { correctArca } from './corrections';
import { normalizeArcaCombo, validateArcaCombo } from './tax-combo';
import { normalizeArcaInvoice, validateArcaInvoice } from './bill-invoice';
import { validateArcaCharge } from './bill-charge';

/** Argentina's ARCA electronic invoicing, web service v4 (addon ar-arca-v4). */

export const arArca: Addon = {
  def: AR_ARCA_V4,
  correct: correctArca,
  normalize(node: JsonObject, kind: NodeKind) {
    if (kind === 'tax/combo') normalizeArcaCombo(node);
    else if (kind === 'bill/invoice') normalizeArcaInvoice(node);
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    if (kind === 'bill/invoice') return validateArcaInvoice(node, path);
    if (kind === 'bill/charge') return validateArcaCharge(node, path);
    if (kind === 'tax/combo') return validateArcaCombo(node, path);
    return [];
  },
};
