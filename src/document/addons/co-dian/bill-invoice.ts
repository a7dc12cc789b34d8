import type { Fault, JsonObject } from '../../base/types';
import { canConvertTo } from '../../currency/exchange';
import { invoiceType } from '../../bill/invoice-type';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, objects, present, str } from '../../rules/values';
import { hasExt } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';
import { colombian } from './identities';
import { K } from './extensions';

const f = faultMaker('GOBL-CO-DIAN-BILL-INVOICE');

function partyFaults(party: JsonObject | undefined, at: string, codes: [string, string, string]): Fault[] {
  const out: Fault[] = [];
  if (!party || !colombian(party)) return out;
  // GOBL asks for "at least one address" with a length test, which skips empty lists: codes[0] never fires.
  void codes[0];
  if (str(obj(party, 'tax_id'), 'code') !== '' && !hasExt(party, K.municipality)) {
    out.push(f(codes[1], `'${K.municipality}' is needed`, `${at}.ext`));
  }
  if (!hasExt(party, K.fiscalResponsibility)) out.push(f(codes[2], `'${K.fiscalResponsibility}' is needed`, `${at}.ext`));
  return out;
}

export function validateDianInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const type = invoiceType(doc);
  if (!canConvertTo(doc, 'COP')) out.push(f('14', 'the invoice must be in COP or give an exchange rate to COP', path));
  if (!['standard', 'credit-note', 'debit-note', 'proforma'].includes(type)) out.push(f('01', 'the invoice type is not accepted', path));
  out.push(...partyFaults(obj(doc, 'supplier'), `${path}.supplier`, ['02', '03', '04']));
  const customer = obj(doc, 'customer');
  if (!hasTag(doc, 'simplified') && customer && !isObject(customer.tax_id)) {
    out.push(f('05', 'the customer needs a tax ID', `${path}.customer.tax_id`));
  }
  out.push(...partyFaults(customer, `${path}.customer`, ['06', '07', '08']));
  const preceding = objects(doc, 'preceding');
  if ((type === 'credit-note' || type === 'debit-note') && preceding.length === 0) {
    out.push(f('09', 'credit and debit notes need preceding documents', `${path}.preceding`));
  }
  preceding.forEach((ref, i) => {
    const at = `${path}.preceding[${i}]`;
    if (type === 'credit-note') {
      if (!hasExt(ref, K.creditCode)) out.push(f('10', `'${K.creditCode}' is needed`, `${at}.ext`));
      if (!present(ref, 'reason')) out.push(f('12', 'a reason is needed', `${at}.reason`));
    }
    if (type === 'debit-note') {
      if (!hasExt(ref, K.debitCode)) out.push(f('11', `'${K.debitCode}' is needed`, `${at}.ext`));
      if (!present(ref, 'reason')) out.push(f('13', 'a reason is needed', `${at}.reason`));
    }
  });
  return out;
}
