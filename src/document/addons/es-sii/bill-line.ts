import type { JsonObject } from '../../base/types';
import { obj, objects, str } from '../../rules/values';
import { setExt } from '../../tax/extensions';
import { K } from './extensions';

/** A line's VAT combo says whether it sells goods or services. Runs after the line's combos. */
export function normalizeSiiLine(line: JsonObject): void {
  const item = obj(line, 'item');
  if (!item) return;
  const vat = objects(line, 'taxes').find((c) => str(c, 'cat') === 'VAT');
  if (!vat) return;
  const key = str(item, 'key');
  if (key === 'goods') setExt(vat, K.product, 'goods');
  else if (key === 'services') setExt(vat, K.product, 'services');
}
