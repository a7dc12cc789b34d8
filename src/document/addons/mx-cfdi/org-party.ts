import type { Json, JsonObject } from '../../base/types';
import { isObject, str } from '../../rules/values';
import { setExt } from '../../tax/extensions';
import { K } from './extensions';

/** Extension keys older documents gave as identities of parties and items. */
const IDENTITY_KEYS: readonly string[] = [K.prodServ, K.fiscalRegime, K.use];

/** Identities keyed with one of the legacy keys become extensions of their party or item. */
export function identitiesToExt(node: JsonObject): void {
  if (!Array.isArray(node.identities)) return;
  const kept: Json[] = [];
  for (const id of node.identities) {
    if (!isObject(id)) continue;
    const key = str(id, 'key');
    if (IDENTITY_KEYS.includes(key)) setExt(node, key, str(id, 'code'));
    else kept.push(id);
  }
  if (kept.length > 0) node.identities = kept;
  else delete node.identities;
}
