import type { JsonObject } from '../base/types';
import { lookupKey } from '../cbc/key';
import { str } from '../rules/values';
import { hasExt, setExt, type CodeMap } from './extensions';

/**
 * Sets the extension `extKey` of payment means (instructions, an advance) to the code its key has in `codes`, a
 * `+`-composed key falling back to its leading parts; `other` leaves a code already given alone, and a key without
 * a code sets nothing.
 */
export function setPaymentMeansCode(node: JsonObject, extKey: string, codes: CodeMap): void {
  const key = str(node, 'key');
  if (key === 'other' && hasExt(node, extKey)) return;
  const code = lookupKey(codes, key);
  if (code !== '') setExt(node, extKey, code);
}
