import { dateTimeIn } from '../../bill/calculate';
import type { HookContext } from '../../tax/hooks';
import type { Fault, JsonObject } from '../../base/types';
import { isObject, obj, objects, present, str } from '../../rules/values';

export function today(ctx: HookContext): string {
  return dateTimeIn(ctx.now ?? new Date(), ctx.regime?.timeZone).date;
}

/** The value date: the one given, else the operation date, else the issue date (today when there is none). */
export function setValueDate(doc: JsonObject, ctx: HookContext): void {
  if (present(doc, 'value_date')) return;
  doc.value_date = str(doc, 'op_date') || str(doc, 'issue_date') || today(ctx);
}

export function negative(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith('-') && !/^-0*(\.0*)?$/.test(value);
}

export function isZero(value: string): boolean {
  return /^-?0*(\.0*)?$/.test(value) && /\d/.test(value);
}

export function hasVat(line: JsonObject): boolean {
  return objects(line, 'taxes').some((c) => str(c, 'cat') === 'VAT');
}

export function supplierTaxIdFaults(
  doc: JsonObject,
  path: string,
  f: (c: string, m: string, p: string) => Fault,
  codes: [string, string],
): Fault[] {
  const supplier = obj(doc, 'supplier');
  if (!supplier) return [];
  const taxId = supplier.tax_id;
  if (!isObject(taxId)) return [f(codes[0], 'the supplier needs a tax ID', `${path}.supplier.tax_id`)];
  return present(taxId, 'code') ? [] : [f(codes[1], 'the supplier tax ID needs a code', `${path}.supplier.tax_id.code`)];
}

export const INVOICE_WORK_TYPES = ['PF', 'FC', 'CC'];
