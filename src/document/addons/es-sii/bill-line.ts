import type { JsonObject } from '../../base/types';
import { vatComboAndItemKey } from '../es-common/line-product';
import { setExt } from '../../tax/extensions';
import { K } from './extensions';

/** A line's VAT combo says whether it sells goods or services. Runs after the line's combos. */
export function normalizeSiiLine(line: JsonObject): void {
  const found = vatComboAndItemKey(line);
  if (!found) return;
  const { vat, key } = found;
  if (key === 'goods') setExt(vat, K.product, 'goods');
  else if (key === 'services') setExt(vat, K.product, 'services');
}
