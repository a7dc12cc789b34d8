import type { NodeKind } from '../hooks';
import { objects } from '../json';
import { normalizeText } from '../text';
import type { JsonObject } from '../types';
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
    case 'pay/advance':
      if (typeof node.uuid === 'string' && /^[0-]+$/.test(node.uuid)) delete node.uuid;
      normalizeOnline(node);
      trimField(node, 'ref');
      trimField(node, 'description');
      break;
    case 'pay/instructions':
      trimField(node, 'detail');
      trimField(node, 'notes');
      normalizeOnline(node);
      break;
    default:
  }
}

/** Online payment links once had `name` and `addr`; they are now `label` and `url`. */
function normalizeOnline(node: JsonObject): void {
  for (const o of objects(node.online)) {
    if (typeof o.name === 'string' && o.name !== '') o.label = o.name;
    if (typeof o.addr === 'string' && o.addr !== '') o.url = o.addr;
    delete o.name;
    delete o.addr;
  }
}
