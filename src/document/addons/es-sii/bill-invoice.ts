import type { Fault, JsonObject } from '../../base/types';
import { normalizeCorrection } from '../es-common/correction';
import { normalizeCustomerIdentityType } from '../es-common/customer-identity';
import { docTypeFaults, generalNoteFaults, identifiedCustomerFaults, precedingFaults } from '../es-common/invoice-checks';
import { VAT_OR_IGIC } from '../es-common/vat-categories';
import { canConvertTo } from '../../currency/exchange';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, objects, str } from '../../rules/values';
import { docTaxExt, getExt, hasExt, mergeDocTaxExt } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';
import { K } from './extensions';

export function normalizeSiiInvoice(doc: JsonObject): void {
  const merge = (v: Record<string, string>) => mergeDocTaxExt(doc, v);
  normalizeCorrection(doc, K.docType, K.correctionType, merge);
  if (hasTag(doc, 'self-billed')) merge({ [K.thirdPartyIssuer]: 'S' });
  const ordering = obj(doc, 'ordering');
  if (ordering && isObject(ordering.issuer)) merge({ [K.thirdPartyIssuer]: 'S' });
  normalizeCustomerIdentityType(obj(doc, 'customer'), K.identityType);
}

const f = faultMaker('GOBL-ES-SII-BILL-INVOICE');

export function validateSiiInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!canConvertTo(doc, 'EUR')) out.push(f('15', 'the invoice must be in EUR or give an exchange rate to EUR', path));
  out.push(...precedingFaults(doc, path, f, { missing: '01', issueDate: '02', tax: '03' }));
  const simplified = ['F2', 'R5'].includes(docTaxExt(doc, K.docType));
  if (!simplified)
    out.push(
      ...identifiedCustomerFaults(obj(doc, 'customer'), path, K.identityType, f, { missing: '04', identified: '05', taxIdCode: '06' }),
    );
  out.push(...docTypeFaults(doc, path, K, f, { tax: '07', docType: '08', correctionType: '09', standard: '10', corrective: '11' }));
  out.push(...generalNoteFaults(doc, path, f, '12'));
  const combos = objects(doc, 'lines')
    .flatMap((l) => objects(l, 'taxes'))
    .filter((c) => VAT_OR_IGIC.includes(str(c, 'cat')));
  if (combos.length > 1) {
    const first = combos[0];
    if (combos.some((c) => hasExt(c, K.product) !== hasExt(first, K.product))) {
      out.push(f('13', `'${K.product}' must be in every VAT combo or in none`, `${path}.lines`));
    }
    if (combos.some((c) => getExt(c, K.regime) !== getExt(first, K.regime))) {
      out.push(f('14', `'${K.regime}' must be the same in every VAT combo`, `${path}.lines`));
    }
  }
  return out;
}
