import type { NodeKind } from '../base/node-kind';
import { isObject } from '../base/json';
import { roundingRuleOf } from '../tax/rounding';
import type { JsonObject } from '../base/types';
import { normalizeCodeFields } from '../base/text';
import { normalizeLine } from './line';

/** Default document types, as GOBL sets them when missing. */
const DEFAULT_TYPES: Partial<Record<NodeKind, string>> = {
  'bill/invoice': 'standard',
  'bill/order': 'purchase',
  'bill/delivery': 'advice',
  'bill/payment': 'receipt',
};

/** Fields of type code (cleaned as GOBL cleans every code) per kind. */
const CODE_FIELDS: Partial<Record<NodeKind, readonly string[]>> = {
  'bill/invoice': ['series', 'code'],
  'bill/order': ['series', 'code'],
  'bill/delivery': ['series', 'code'],
  'bill/payment': ['series', 'code'],
  'bill/status': ['series', 'code'],
  'org/document-ref': ['series', 'code'],
  'bill/line': ['order', 'cost'],
  'bill/sub-line': ['order', 'cost'],
  'bill/discount': ['code'],
  'bill/charge': ['code'],
  'bill/line-discount': ['code'],
  'bill/line-charge': ['code'],
  'bill/tax': ['prices_include'],
  'bill/ordering': ['code', 'cost'],
};

export function normalizeBillNode(node: JsonObject, kind: NodeKind): void {
  const codes = CODE_FIELDS[kind];
  if (codes) normalizeCodeFields(node, codes);
  const type = DEFAULT_TYPES[kind];
  if (type !== undefined) {
    if (node.type === undefined || node.type === null || node.type === '') node.type = type;
    return;
  }
  switch (kind) {
    case 'bill/line':
      normalizeLine(node, false);
      break;
    case 'bill/sub-line':
      normalizeLine(node, true);
      break;
    case 'bill/discount':
    case 'bill/charge':
      if (Array.isArray(node.taxes)) {
        const taxes = node.taxes.filter(isObject);
        if (taxes.length > 0) node.taxes = taxes;
        else delete node.taxes;
      }
      break;
    case 'bill/tax': {
      const rr = roundingRuleOf(node.rounding);
      if (rr) node.rounding = rr;
      break;
    }
    default:
  }
}
