import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { present, str } from '../../rules/values';
import { hasExt, setExt } from '../../tax/extensions';
import { K } from './extensions';

/** Units that usually measure a service; an item in one of them (or in none) is a service by default. */
const SERVICE_UNITS = [
  '',
  'km',
  'w',
  'kw',
  'kwh',
  'rate',
  'mon',
  'day',
  's',
  'h',
  'min',
  'service',
  'job',
  'activity',
  'trip',
  'item',
  'one',
];

export function normalizeSaftItem(item: JsonObject): void {
  if (str(item, 'unit') === '') item.unit = 'one';
  if (!hasExt(item, K.productType)) setExt(item, K.productType, SERVICE_UNITS.includes(str(item, 'unit')) ? 'S' : 'P');
}
const ft = faultMaker('GOBL-PT-SAFT-ORG-ITEM');

export function validateSaftItem(item: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!present(item, 'unit')) out.push(ft('01', 'a unit is needed', `${path}.unit`));
  if (!hasExt(item, K.productType)) out.push(ft('02', `'${K.productType}' is needed`, `${path}.ext`));
  return out;
}
