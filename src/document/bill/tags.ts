import { CalculationError } from '../base/errors';
import { strings } from '../base/json';
import type { Regime } from '../tax/regime-def';
import type { JsonObject } from '../base/types';

/** Tags every invoice may carry, whatever its regime and addons. */
const DEFAULT_INVOICE_TAGS = [
  'simplified',
  'reverse-charge',
  'self-billed',
  'customer-rates',
  'partial',
  'bypass',
  'prepayment',
  'factoring',
];

/**
 * Rejects a document whose `$tags` include one that neither GOBL, its regime nor its addons define for the schema,
 * as GOBL does before calculating invoices and deliveries.
 */
export function checkTags(
  doc: JsonObject,
  schema: 'bill/invoice' | 'bill/delivery',
  regime: Regime | undefined,
  addonTags: string[],
): void {
  const supported = new Set<string>(schema === 'bill/invoice' ? DEFAULT_INVOICE_TAGS : []);
  for (const set of regime?.tags ?? []) if (set.schema === schema) set.keys.forEach((k) => supported.add(k));
  addonTags.forEach((k) => supported.add(k));
  for (const tag of strings(doc.$tags)) {
    if (!supported.has(tag)) throw new CalculationError(`$tags: '${tag}' undefined`);
  }
}
