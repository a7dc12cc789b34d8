import { obj, objects, str } from '../../rules/values';
import { setExt } from '../../tax/extensions';
import type { JsonObject } from '../../base/types';

/** Identity keys of a foreign customer and the code the Spanish formats give them. */
const IDENTITY_TYPE_CODES: Record<string, string> = {
  passport: '03',
  foreign: '04',
  resident: '05',
  other: '06',
};

/**
 * A customer without a Spanish tax code is identified by its first identity: the identity's key
 * selects the identity type code under `extKey` (VERI*FACTU, SII and TicketBAI).
 */
export function normalizeCustomerIdentityType(customer: JsonObject | undefined, extKey: string): void {
  if (!customer) return;
  const taxId = obj(customer, 'tax_id');
  if (taxId && str(taxId, 'country') === 'ES' && str(taxId, 'code') !== '') return;
  const first = objects(customer, 'identities')[0];
  if (!first) return;
  const code = IDENTITY_TYPE_CODES[str(first, 'key')];
  if (code) setExt(first, extKey, code);
}
