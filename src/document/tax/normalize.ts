import type { NodeKind } from '../base/node-kind';
import type { JsonObject } from '../base/types';
import { normalizeCodeFields } from '../base/text';
import { normalizeCombo } from './combo';

export function normalizeTaxNode(node: JsonObject, kind: NodeKind): void {
  if (kind === 'tax/combo') {
    normalizeCodeFields(node, ['cat']);
    normalizeCombo(node);
  }
}
