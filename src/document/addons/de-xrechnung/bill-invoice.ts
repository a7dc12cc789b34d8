import type { Fault, JsonObject } from '../../base/types';
import { invoiceType } from '../../bill/invoice-type';
import { keyHas } from '../../cbc/key';
import { faultMaker } from '../../rules/fault';
import { obj, objects, present, str } from '../../rules/values';
import { getExt } from '../../tax/extensions';

const DOCUMENT_TYPES = ['326', '380', '384', '389', '381', '875', '876', '877'];

const f = faultMaker('GOBL-DE-XRECHNUNG-BILL-INVOICE');

function addressFaults(party: JsonObject, at: string, codes: [string, string, string], out: Fault[]): void {
  const addresses = objects(party, 'addresses');
  if (addresses.length === 0) {
    out.push(f(codes[0], 'addresses are needed', `${at}.addresses`));
    return;
  }
  if (!present(addresses[0], 'locality')) out.push(f(codes[1], 'the first address needs a locality', `${at}.addresses`));
  if (!present(addresses[0], 'code')) out.push(f(codes[2], 'the first address needs a post code', `${at}.addresses`));
}

export function validateXrechnungInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const code = getExt(obj(doc, 'tax'), 'untdid-tax-category');
  if (code !== '' && !DOCUMENT_TYPES.includes(code)) out.push(f('01', 'the document type code is not accepted', `${path}.tax.ext`));
  if (['corrective', 'credit-note'].includes(invoiceType(doc)) && !present(doc, 'preceding')) {
    out.push(f('02', 'corrective invoices and credit notes need preceding documents', `${path}.preceding`));
  }
  const supplier = obj(doc, 'supplier');
  if (!supplier) out.push(f('03', 'a supplier is needed', `${path}.supplier`));
  else {
    const at = `${path}.supplier`;
    if (!present(supplier, 'people')) out.push(f('04', 'supplier contact people are needed', `${at}.people`));
    addressFaults(supplier, at, ['05', '06', '07'], out);
    if (!present(supplier, 'inboxes')) out.push(f('08', 'supplier inboxes are needed', `${at}.inboxes`));
    const person = objects(supplier, 'people')[0];
    if (!present(supplier, 'telephones') && !present(person, 'telephones')) out.push(f('09', 'a telephone is needed', at));
    if (!present(supplier, 'emails') && !present(person, 'emails')) out.push(f('10', 'an email is needed', at));
  }
  const customer = obj(doc, 'customer');
  if (!customer) out.push(f('11', 'a customer is needed', `${path}.customer`));
  else {
    addressFaults(customer, `${path}.customer`, ['12', '13', '14'], out);
    if (!present(customer, 'inboxes')) out.push(f('15', 'customer inboxes are needed', `${path}.customer.inboxes`));
  }
  const payment = obj(doc, 'payment');
  if (!payment) out.push(f('16', 'payment details are needed', `${path}.payment`));
  else {
    const instr = obj(payment, 'instructions');
    const at = `${path}.payment.instructions`;
    if (!instr) out.push(f('17', 'payment instructions are needed', at));
    else {
      const key = str(instr, 'key');
      if (keyHas(key, 'credit-transfer')) {
        const list = objects(instr, 'credit_transfer');
        if (list.length === 0) out.push(f('18', 'credit transfer details are needed', `${at}.credit_transfer`));
        list.forEach((ct, i) => {
          if (str(ct, 'iban') === '' && !present(ct, 'number'))
            out.push(f('19', 'an account number is needed without IBAN', `${at}.credit_transfer[${i}].number`));
        });
      }
      if (keyHas(key, 'card') && !present(instr, 'card')) out.push(f('20', 'card details are needed', `${at}.card`));
      if (keyHas(key, 'direct-debit')) {
        const dd = obj(instr, 'direct_debit');
        if (!dd) out.push(f('21', 'direct debit details are needed', `${at}.direct_debit`));
        else {
          if (!present(dd, 'ref')) out.push(f('22', 'a mandate reference is needed', `${at}.direct_debit.ref`));
          if (!present(dd, 'creditor')) out.push(f('23', 'a creditor identifier is needed', `${at}.direct_debit.creditor`));
          if (!present(dd, 'account')) out.push(f('24', 'a debited account is needed', `${at}.direct_debit.account`));
        }
      }
    }
  }
  const delivery = obj(doc, 'delivery');
  if (delivery) {
    const receiver = obj(delivery, 'receiver');
    if (!receiver) out.push(f('25', 'a delivery receiver is needed', `${path}.delivery.receiver`));
    else addressFaults(receiver, `${path}.delivery.receiver`, ['26', '27', '28'], out);
  }
  const ordering = obj(doc, 'ordering');
  if (!ordering) out.push(f('29', 'ordering details are needed', `${path}.ordering`));
  else if (!present(ordering, 'code')) out.push(f('30', 'an ordering code is needed', `${path}.ordering.code`));
  return out;
}
