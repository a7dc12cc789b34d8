import { getExt } from '../tax/extensions';
import { objects } from '../rules/values';
import type { JsonObject } from '../base/types';

/** The first identity of a party carrying the extension key, as GOBL's IdentityForExtKey. */
export function identityWithExt(party: JsonObject | undefined, extKey: string): JsonObject | undefined {
  return objects(party, 'identities').find((id) => getExt(id, extKey) !== '');
}
