import type { JsonObject } from '../../base/types';
import { obj, str } from '../../rules/values';

/** DIAN identity type codes of the identity keys the addon defines. */
export const DIAN_IDENTITY_CODES: Record<string, string> = {
  'co-civil-register': '11',
  'co-id-card': '12',
  'co-citizen-id': '13',
  'co-foreigner-id-card': '21',
  'co-foreigner-id': '22',
  'co-passport': '41',
  'co-foreign-id': '42',
  'co-pep': '47',
  'co-nuip': '91',
};

export function colombian(party: JsonObject | undefined): boolean {
  return str(obj(party, 'tax_id'), 'country') === 'CO';
}
