import type { JsonObject } from '../../base/types';
import { isObject, obj } from '../../rules/values';
import { mergeDocTaxExt } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';
import { normalizeCorrection } from './correction';
import { normalizeCustomerIdentityType } from './customer-identity';

/**
 * How SII and VERI*FACTU both normalize an invoice, each in its own extensions: a corrective's document and
 * correction types, who issued it (`selfBilled` when tagged self-billed, `thirdParty` when `ordering` names an
 * issuer, merged into the tax extensions in that order) and the customer's identity type.
 */
export function normalizeSpanishInvoice(
  doc: JsonObject,
  keys: { docType: string; correctionType: string; identityType: string },
  issuer: { selfBilled: Record<string, string>; thirdParty: Record<string, string> },
): void {
  const merge = (v: Record<string, string>) => mergeDocTaxExt(doc, v);
  normalizeCorrection(doc, keys.docType, keys.correctionType, merge);
  if (hasTag(doc, 'self-billed')) merge(issuer.selfBilled);
  const ordering = obj(doc, 'ordering');
  if (ordering && isObject(ordering.issuer)) merge(issuer.thirdParty);
  normalizeCustomerIdentityType(obj(doc, 'customer'), keys.identityType);
}
