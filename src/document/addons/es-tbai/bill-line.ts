import type { JsonObject } from '../../base/types';
import { obj, objects, str } from '../../rules/values';
import { setExt, setExtOneOf } from '../../tax/extensions';
import { K } from './extensions';

/** Goods or services from the line's item; a line without item key counts as services. */
export function normalizeTbaiLine(line: JsonObject): void {
  const item = obj(line, 'item');
  if (!item) return;
  const vat = objects(line, 'taxes').find((c) => str(c, 'cat') === 'VAT');
  if (!vat) return;
  const key = str(item, 'key');
  if (key === 'goods') setExtOneOf(vat, K.product, 'goods', ['resale']);
  else if (key === 'services' || key === '') setExt(vat, K.product, 'services');
}
