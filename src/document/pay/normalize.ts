import type { NodeKind } from '../base/node-kind';
import { normalizeText } from '../base/text';
import type { JsonObject } from '../base/types';
import { normalizeTerms } from './terms';

function trimField(node: JsonObject, field: string): void {
  const v = node[field];
  if (typeof v === 'string') node[field] = normalizeText(v);
}

export function normalizePayNode(node: JsonObject, kind: NodeKind): void {
  switch (kind) {
    case 'pay/terms':
      normalizeTerms(node);
      break;
    case 'pay/record':
      if (typeof node.uuid === 'string' && /^[0-]+$/.test(node.uuid)) delete node.uuid;
      trimField(node, 'ref');
      trimField(node, 'description');
      break;
    case 'pay/instructions':
      trimField(node, 'detail');
      trimField(node, 'notes');
      break;
    default:
  }
}
