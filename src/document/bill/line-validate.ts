import { at, fault } from '../rules/fault';
import type { ValidationContext } from '../tax/validation-context';
import { asObject, isPresent } from '../rules/values';
import type { Fault, JsonObject } from '../base/types';

function hasPrice(line: JsonObject): boolean {
  const item = asObject(line.item);
  return !!item && item.price !== undefined && item.price !== null;
}

function lineFaults(line: JsonObject, path: string, prefix: string): Fault[] {
  const faults: Fault[] = [];
  if (!isPresent(line.i) || line.i === 0) faults.push(fault(`${prefix}-01`, at(path, 'i')));
  // GOBL's quantity is a value, never absent once parsed; only an explicit empty one is reported.
  if (line.quantity === '' || line.quantity === null) faults.push(fault(`${prefix}-02`, at(path, 'quantity')));
  if (!asObject(line.item)) faults.push(fault(`${prefix}-03`, at(path, 'item')));
  if (hasPrice(line)) {
    if (!isPresent(line.sum)) faults.push(fault(`${prefix}-04`, at(path, 'sum')));
    if (!isPresent(line.total)) faults.push(fault(`${prefix}-05`, at(path, 'total')));
  }
  return faults;
}

/** GOBL-BILL-LINE-*: index, quantity, item, and calculated sum and total when the item has a price. */
export function validateLine(line: JsonObject, path: string, _vc: ValidationContext): Fault[] {
  return lineFaults(line, path, 'GOBL-BILL-LINE');
}

/** GOBL-BILL-SUBLINE-*: the same checks for breakdown and substituted lines. */
export function validateSubLine(line: JsonObject, path: string, _vc: ValidationContext): Fault[] {
  return lineFaults(line, path, 'GOBL-BILL-SUBLINE');
}

function percentWithBase(node: JsonObject, path: string, code: string): Fault[] {
  return isPresent(node.base) && !isPresent(node.percent) ? [fault(code, at(path, 'percent'))] : [];
}

export function validateLineDiscount(node: JsonObject, path: string): Fault[] {
  return percentWithBase(node, path, 'GOBL-BILL-LINEDISCOUNT-01');
}

/** A line charge is either a percentage (of a base) or a quantity at a rate, never both. */
export function validateLineCharge(node: JsonObject, path: string): Fault[] {
  const faults = percentWithBase(node, path, 'GOBL-BILL-LINECHARGE-01');
  const byPercent = isPresent(node.base) || isPresent(node.percent);
  if (byPercent && isPresent(node.quantity)) faults.push(fault('GOBL-BILL-LINECHARGE-02', at(path, 'quantity')));
  if (byPercent && isPresent(node.rate)) faults.push(fault('GOBL-BILL-LINECHARGE-03', at(path, 'rate')));
  if (!isPresent(node.quantity) && isPresent(node.unit)) faults.push(fault('GOBL-BILL-LINECHARGE-04', at(path, 'unit')));
  if (isPresent(node.quantity) && !isPresent(node.rate)) faults.push(fault('GOBL-BILL-LINECHARGE-05', at(path, 'rate')));
  return faults;
}

export function validateDiscount(node: JsonObject, path: string): Fault[] {
  return percentWithBase(node, path, 'GOBL-BILL-DISCOUNT-01');
}

export function validateCharge(node: JsonObject, path: string): Fault[] {
  return percentWithBase(node, path, 'GOBL-BILL-CHARGE-01');
}
