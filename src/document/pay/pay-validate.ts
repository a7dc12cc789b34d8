import { at, fault } from '../rules/fault';
import { decimalOf } from '../num/decimal';
import { isZeroDate } from '../cal/date';
import { isUrl } from '../rules/url-format';
import { isPresent } from '../rules/values';
import type { Fault, JsonObject } from '../base/types';

const MEANS = [
  'any',
  'card',
  'card+credit',
  'card+debit',
  'credit-transfer',
  'credit-transfer+sepa',
  'debit-transfer',
  'cash',
  'cheque',
  'bank-draft',
  'direct-debit',
  'direct-debit+sepa',
  'online',
  'promissory-note',
  'netting',
  'other',
];
const TERMS = ['end-of-month', 'due-date', 'deferred', 'proximo', 'instant', 'elective', 'pending', 'advanced', 'delivery', 'undefined'];

/** A means key is a known key, or one extended with `+` (e.g. `online+paypal`). */
export function meansKeyValid(key: string): boolean {
  return MEANS.some((m) => key === m || key.startsWith(`${m}+`));
}

export function validateInstructions(node: JsonObject, path: string): Fault[] {
  if (!isPresent(node.key)) return [fault('GOBL-PAY-INSTRUCTIONS-01', at(path, 'key'))];
  return meansKeyValid(String(node.key)) ? [] : [fault('GOBL-PAY-INSTRUCTIONS-02', at(path, 'key'))];
}

export function validateRecord(node: JsonObject, path: string): Fault[] {
  return isPresent(node.key) && !meansKeyValid(String(node.key)) ? [fault('GOBL-PAY-RECORD-01', at(path, 'key'))] : [];
}

export function validateTerms(node: JsonObject, path: string): Fault[] {
  return isPresent(node.key) && !TERMS.includes(String(node.key)) ? [fault('GOBL-PAY-TERMS-01', at(path, 'key'))] : [];
}

export function validateDueDate(node: JsonObject, path: string): Fault[] {
  const faults: Fault[] = [];
  if (isZeroDate(node.date)) faults.push(fault('GOBL-PAY-DUEDATE-01', at(path, 'date')));
  const amount = decimalOf(node.amount);
  if (!amount || amount.isZero()) faults.push(fault('GOBL-PAY-DUEDATE-02', at(path, 'amount')));
  return faults;
}

export function validateOnline(node: JsonObject, path: string): Fault[] {
  return isPresent(node.url) && isUrl(String(node.url)) ? [] : [fault('GOBL-PAY-ONLINE-01', at(path, 'url'))];
}
