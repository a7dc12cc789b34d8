import type { Fault, JsonObject } from '../../base/types';
import { ES_TBAI_V1 } from './def';
import { normalizeCustomerIdentityType } from '../es-common/customer-identity';
import { CORRECTIVE_INVOICE_TYPES, invoiceType } from '../../bill/invoice-type';
import { canConvertTo } from '../../currency/exchange';
import { identityWithExt } from '../../org/identities';
import { spanishTaxIdKind } from '../../regimes/es/tax-identity';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, objects, present, str } from '../../rules/values';
import { docTax, getExt, hasExt, setExt } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';
import { K, REGIONS } from './extensions';

export function normalizeTbaiInvoice(doc: JsonObject): void {
  const tax = obj(doc, 'tax');
  if (!hasExt(tax, K.region)) {
    const supplier = obj(doc, 'supplier');
    const address = objects(supplier, 'addresses')[0];
    const region = REGIONS[str(address, 'region').toLowerCase()];
    if (region) setExt(docTax(doc, true) as JsonObject, K.region, region);
  }
  if (hasTag(doc, 'simplified')) setExt(docTax(doc, true) as JsonObject, K.simplified, 'S');
  normalizeCustomerIdentityType(obj(doc, 'customer'), K.identityType);
}

const f = faultMaker('GOBL-ES-TBAI-BILL-INVOICE');

/** A Spanish tax ID of an organisation (CIF). */
function isSpanishOrg(taxId: JsonObject | undefined): boolean {
  return str(taxId, 'country') === 'ES' && spanishTaxIdKind(str(taxId, 'code')) === 'org';
}

export function validateTbaiInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!canConvertTo(doc, 'EUR')) out.push(f('09', 'the invoice must be in EUR or give an exchange rate to EUR', path));
  const tax = obj(doc, 'tax');
  if (!tax) out.push(f('01', 'tax details are needed', `${path}.tax`));
  else if (!hasExt(tax, K.region)) out.push(f('02', `'${K.region}' is needed`, `${path}.tax.ext`));
  const simplified = getExt(tax, K.simplified) === 'S';
  const customer = obj(doc, 'customer');
  if (!simplified) {
    if (!customer) out.push(f('03', 'a customer is needed unless the invoice is simplified', `${path}.customer`));
    else if (!isObject(customer.tax_id) && !identityWithExt(customer, K.identityType)) {
      out.push(f('08', `the customer needs a tax ID or an identity with '${K.identityType}'`, `${path}.customer`));
    }
  }
  const preceding = objects(doc, 'preceding');
  if (CORRECTIVE_INVOICE_TYPES.includes(invoiceType(doc)) && preceding.length === 0) {
    out.push(f('04', 'corrective documents need preceding documents', `${path}.preceding`));
  }
  preceding.forEach((ref, i) => {
    if (!present(ref, 'issue_date')) out.push(f('05', 'the preceding document needs an issue date', `${path}.preceding[${i}].issue_date`));
    if (!hasExt(ref, K.correction)) out.push(f('06', `'${K.correction}' is needed`, `${path}.preceding[${i}].ext`));
  });
  if (!objects(doc, 'notes').some((n) => str(n, 'key') === 'general')) {
    out.push(f('07', "the invoice needs a note with key 'general'", `${path}.notes`));
  }
  const supplier = obj(doc, 'supplier');
  if (supplier && getExt(tax, K.region) === 'BI' && !isSpanishOrg(obj(supplier, 'tax_id'))) {
    if (!hasExt(supplier, K.biActivity)) {
      out.push(f('10', `'${K.biActivity}' is needed for individuals in Bizkaia`, `${path}.supplier.ext`));
    }
  }
  const activity = getExt(supplier, K.biActivity);
  if (activity !== '') {
    const def = ES_TBAI_V1.extensions.find((e) => e.key === K.biActivity);
    const ok = def?.codes ? def.codes.includes(activity) : def?.pattern ? new RegExp(def.pattern).test(activity) : true;
    if (!ok) out.push(f('11', `'${K.biActivity}' is not a known activity code`, `${path}.supplier.ext`));
  }
  return out;
}
