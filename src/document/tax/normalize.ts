import type { NodeKind } from '../hooks';
import type { JsonObject } from '../types';
import { normalizeCombo } from './combo';

export function normalizeTaxNode(node: JsonObject, kind: NodeKind): void {
  if (kind === 'tax/combo') normalizeCombo(node);
}
