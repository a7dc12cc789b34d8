import { at, fault } from '../rules/fault';
import type { RegimeRule } from '../tax/regime-def';
import type { JsonObject } from '../base/types';

/** Building blocks of regime rules on `org/identity` objects (company and personal numbers). */

export function identityCode(id: JsonObject): string {
  return typeof id.code === 'string' ? id.code : '';
}

/** One check for identities of a given type (or key), reported on the code. */
export function identityCodeRule(
  types: string[],
  faultCode: string,
  ok: (code: string) => boolean,
  by: 'type' | 'key' = 'type',
): RegimeRule {
  return (id, path) => (types.includes(String(id[by])) && !ok(identityCode(id)) ? [fault(faultCode, at(path, 'code'))] : []);
}

/** Every rule's faults, in order. */
export function allOf(...rules: RegimeRule[]): RegimeRule {
  return (node, path) => rules.flatMap((r) => r(node, path));
}
