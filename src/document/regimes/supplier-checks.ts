import { at, fault } from '../rules/fault';
import { asArray, asObject, isObject, isPresent } from '../rules/values';
import type { RegimeRule } from '../tax/regime-def';
import type { JsonObject } from '../base/types';

/** Supplier tests shared by regimes' invoice rules. */

export function hasTaxIdCode(party: JsonObject | undefined): boolean {
  const taxId = party && asObject(party.tax_id);
  return !!taxId && isPresent(taxId.code);
}

/** True when the party has an identity whose `type` (or `key`, with `by`) is one of `values`. */
export function hasIdentity(party: JsonObject | undefined, values: string[], by: 'type' | 'key' = 'type'): boolean {
  return !!party && asArray(party.identities).some((id) => isObject(id) && values.includes(String(id[by])));
}

/** A supplier needs a tax ID code or one of the listed identities; reported on the supplier. */
export function supplierIdentifiedBy(code: string, types: string[], by: 'type' | 'key' = 'type'): RegimeRule {
  return (inv, path) => {
    const supplier = asObject(inv.supplier);
    return hasTaxIdCode(supplier) || hasIdentity(supplier, types, by) ? [] : [fault(code, at(path, 'supplier'))];
  };
}

/** The supplier's tax ID and its code must be given: fault `<prefix>-<first>` without one, the next without a code. */
export function supplierTaxIdRule(prefix: string, first: number): RegimeRule {
  const code = (n: number) => `${prefix}-${String(n).padStart(2, '0')}`;
  return (inv, path) => {
    const supplier = asObject(inv.supplier);
    if (!supplier) return [];
    const sp = at(path, 'supplier');
    const taxId = asObject(supplier.tax_id);
    if (!taxId) return [fault(code(first), at(sp, 'tax_id'))];
    return isPresent(taxId.code) ? [] : [fault(code(first + 1), at(at(sp, 'tax_id'), 'code'))];
  };
}
