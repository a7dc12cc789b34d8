import type { NodeKind } from '../hooks';
import { isObject } from '../json';
import { roundingRuleOf } from '../tax/rounding';
import type { JsonObject } from '../types';
import { normalizeLine } from './line';

/** Default document types, as GOBL sets them when missing. */
const DEFAULT_TYPES: Partial<Record<NodeKind, string>> = {
  'bill/invoice': 'standard',
  'bill/order': 'purchase',
  'bill/delivery': 'advice',
  'bill/payment': 'receipt',
};

export function normalizeBillNode(node: JsonObject, kind: NodeKind): void {
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
