import type { JsonObject } from '../../base/types';
import { vatComboAndItemKey } from '../es-common/line-product';
import { setExt, setExtOneOf } from '../../tax/extensions';
import { K } from './extensions';

/** Goods or services from the line's item; a line without item key counts as services. */
export function normalizeTbaiLine(line: JsonObject): void {
  const found = vatComboAndItemKey(line);
  if (!found) return;
  const { vat, key } = found;
  if (key === 'goods') setExtOneOf(vat, K.product, 'goods', ['resale']);
  else if (key === 'services' || key === '') setExt(vat, K.product, 'services');
}
