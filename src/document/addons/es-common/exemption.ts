import { deleteExt, setExt, setExtOneOf } from '../../tax/extensions';
import type { JsonObject } from '../../base/types';

/**
 * The exemption codes VERI*FACTU and SII share for exempt, export and intra-community combos; the other
 * classification (`otherKey`) is dropped. Returns false for keys that are not exemptions.
 */
export function setExemptionCode(combo: JsonObject, key: string, exemptKey: string, otherKey: string): boolean {
  switch (key) {
    case 'exempt':
      setExtOneOf(combo, exemptKey, 'E1', ['E6']);
      break;
    case 'export':
      setExtOneOf(combo, exemptKey, 'E2', ['E3', 'E4']);
      break;
    case 'intra-community':
      setExt(combo, exemptKey, 'E5');
      break;
    default:
      return false;
  }
  deleteExt(combo, otherKey);
  return true;
}

/** The tax key an exemption code stands for ('' for none): the way back from `setExemptionCode`. */
export function keyOfExemptionCode(code: string): string {
  if (code === 'E1' || code === 'E6') return 'exempt';
  if (['E2', 'E3', 'E4'].includes(code)) return 'export';
  if (code === 'E5') return 'intra-community';
  return '';
}
