import type { JsonObject } from '../../base/types';
import { obj, objects, str } from '../../rules/values';

/**
 * A line's VAT combo with its item's key, where the Spanish addons say whether the line sells goods or services;
 * undefined for a line without an item or without a VAT combo.
 */
export function vatComboAndItemKey(line: JsonObject): { vat: JsonObject; key: string } | undefined {
  const item = obj(line, 'item');
  if (!item) return undefined;
  const vat = objects(line, 'taxes').find((c) => str(c, 'cat') === 'VAT');
  if (!vat) return undefined;
  return { vat, key: str(item, 'key') };
}
