import type { NodeKind } from '../hooks';
import type { JsonObject } from '../types';
import { normalizeCodeFields } from '../text';
import { normalizeCombo } from './combo';

export function normalizeTaxNode(node: JsonObject, kind: NodeKind): void {
  if (kind === 'tax/combo') {
    normalizeCodeFields(node, ['cat']);
    normalizeCombo(node);
  }
}
