import type { NodeKind } from '../../base/node-kind';
import { isObject, str } from '../../base/json';
import type { JsonObject } from '../../base/types';

/**
 * Mexican regime normalizers, applied to invoices whose regime is MX with or without the CFDI addon:
 * they move post codes older documents kept in party extensions to where CFDI reads them now.
 */

const ISSUE_PLACE = 'mx-cfdi-issue-place';
const POST_CODE = 'mx-cfdi-post-code';

function extMap(node: JsonObject | undefined): JsonObject | undefined {
  return node && isObject(node.ext) ? node.ext : undefined;
}

function extValue(node: JsonObject | undefined, key: string): string {
  return str(extMap(node)?.[key]);
}

/** The issue place, when missing, comes from the supplier's legacy post code, else its first address's code. */
function issuePlaceFromSupplier(inv: JsonObject): void {
  const supplier = isObject(inv.supplier) ? inv.supplier : undefined;
  const tax = isObject(inv.tax) ? inv.tax : undefined;
  if (!supplier || extValue(tax, ISSUE_PLACE) !== '') return;
  let code = extValue(supplier, POST_CODE);
  if (code === '' && Array.isArray(supplier.addresses) && isObject(supplier.addresses[0])) {
    code = str(supplier.addresses[0].code);
  }
  if (code === '') return;
  const target = tax ?? {};
  const ext: JsonObject = { ...(extMap(target) ?? {}), [ISSUE_PLACE]: code };
  target.ext = Object.fromEntries(
    Object.keys(ext)
      .sort()
      .map((k) => [k, ext[k]]),
  );
  inv.tax = target;
}

/** A customer's legacy post code becomes the code of its first address (one is added when it has none). */
function customerPostCodeToAddress(inv: JsonObject): void {
  const customer = isObject(inv.customer) ? inv.customer : undefined;
  const code = extValue(customer, POST_CODE);
  if (!customer || code === '') return;
  if (!Array.isArray(customer.addresses) || customer.addresses.length === 0) customer.addresses = [{}];
  const first = customer.addresses[0];
  if (isObject(first)) first.code = code;
}

function dropPostCode(party: unknown): void {
  if (!isObject(party)) return;
  const ext = extMap(party);
  if (!ext || !(POST_CODE in ext)) return;
  delete ext[POST_CODE];
  if (Object.keys(ext).length === 0) delete party.ext;
}

export function normalizeMx(node: JsonObject, kind: NodeKind): void {
  if (kind !== 'bill/invoice') return;
  issuePlaceFromSupplier(node);
  customerPostCodeToAddress(node);
  dropPostCode(node.supplier);
  dropPostCode(node.customer);
}
