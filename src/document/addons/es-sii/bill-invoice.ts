import type { Fault, JsonObject } from '../../base/types';
import { normalizeSpanishInvoice } from '../es-common/invoice-normalize';
import { docTypeFaults, generalNoteFaults, identifiedCustomerFaults, precedingFaults } from '../es-common/invoice-checks';
import { VAT_OR_IGIC } from '../es-common/vat-categories';
import { canConvertTo } from '../../currency/exchange';
import { faultMaker } from '../../rules/fault';
import { obj, objects, str } from '../../rules/values';
import { docTaxExt, getExt, hasExt } from '../../tax/extensions';
import { K } from './extensions';

export function normalizeSiiInvoice(doc: JsonObject): void {
  normalizeSpanishInvoice(doc, K, { selfBilled: { [K.thirdPartyIssuer]: 'S' }, thirdParty: { [K.thirdPartyIssuer]: 'S' } });
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
