import { at, fault } from '../rules/fault';
import { decimalOf } from '../num/decimal';
import { isValidDate, isZeroDate } from '../cal/date';
import { isPresent } from '../rules/values';
import { isCurrency } from '../currency';
import type { Fault, JsonObject } from '../base/types';

/** GOBL-CAL-DATE-01 for a date field that is present and not the zero date. */
export function validateDate(value: unknown, path: string): Fault[] {
  if (typeof value !== 'string' || isZeroDate(value)) return [];
  return isValidDate(value) ? [] : [fault('GOBL-CAL-DATE-01', path)];
}

/** GOBL-CAL-PERIOD-*: both ends, and the end not before the start. */
export function validatePeriod(node: JsonObject, path: string): Fault[] {
  const faults: Fault[] = [];
  const start = typeof node.start === 'string' ? node.start : '';
  const end = typeof node.end === 'string' ? node.end : '';
  if (start && end && isValidDate(start) && isValidDate(end) && end < start) faults.push(fault('GOBL-CAL-PERIOD-10', path));
  if (isZeroDate(start)) faults.push(fault('GOBL-CAL-PERIOD-01', at(path, 'start')));
  else faults.push(...validateDate(start, at(path, 'start')));
  if (isZeroDate(end)) faults.push(fault('GOBL-CAL-PERIOD-02', at(path, 'end')));
  else faults.push(...validateDate(end, at(path, 'end')));
  return faults;
}

/** GOBL-CURRENCY-CODE-01 for a currency field that is present. */
export function validateCurrencyCode(value: unknown, path: string): Fault[] {
  return typeof value === 'string' && value !== '' && !isCurrency(value) ? [fault('GOBL-CURRENCY-CODE-01', path)] : [];
}

export function validateExchangeRate(node: JsonObject, path: string): Fault[] {
  const faults: Fault[] = [];
  if (!isPresent(node.from)) faults.push(fault('GOBL-CURRENCY-EXCHANGERATE-01', at(path, 'from')));
  if (!isPresent(node.to)) faults.push(fault('GOBL-CURRENCY-EXCHANGERATE-02', at(path, 'to')));
  const amount = decimalOf(node.amount);
  if (amount?.isNegative()) faults.push(fault('GOBL-CURRENCY-EXCHANGERATE-04', at(path, 'amount')));
  return faults;
}
