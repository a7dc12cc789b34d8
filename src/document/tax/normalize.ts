import type { NodeKind } from '../pipeline/hooks';
import type { JsonObject } from '../pipeline/types';
import { normalizeCodeFields } from '../pipeline/text';
import { normalizeCombo } from './combo';

export function normalizeTaxNode(node: JsonObject, kind: NodeKind): void {
  if (kind === 'tax/combo') {
    normalizeCodeFields(node, ['cat']);
    normalizeCombo(node);
  }
}
