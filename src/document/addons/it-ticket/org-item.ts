import type { JsonObject } from '../../base/types';
import { hasExt, setExt } from '../../tax/extensions';
import { K } from './extensions';

export function normalizeTicketItem(item: JsonObject): void {
  if (!hasExt(item, K.product)) setExt(item, K.product, 'services');
}
