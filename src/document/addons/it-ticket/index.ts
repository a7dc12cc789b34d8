import Decimal from 'decimal.js';
import type { NodeKind } from '../../pipeline/hooks';
import type { Fault, JsonObject } from '../../pipeline/types';
import { IT_TICKET_V1 } from './def';
import { canConvertTo } from '../../currency/exchange';
import type { Addon } from '../../tax/addon-def';
import { invoiceType } from '../../bill/invoice-type';
import { faultMaker } from '../../rules/fault';
import { obj, objects, present, str } from '../../rules/values';
import { deleteExt, docTax, getExt, hasExt, setExt, setExtOneOf } from '../../tax/extensions';

/** Italy's AdE electronic receipts, "documento commerciale" (addon it-ticket-v1). */

export const TICKET = {
  exempt: 'it-ticket-exempt',
  product: 'it-ticket-product',
  lottery: 'it-ticket-lottery',
  line: 'it-ticket-line-ref',
} as const;

const K = TICKET;

/** VAT percentages the receipts accept. */
export const TICKET_PERCENTAGES = ['2', '4', '5', '6.4', '7', '7.3', '7.5', '7.65', '7.95', '8.3', '8.5', '8.8', '9.5', '12.3', '10', '22'];

export function normalizeTicketCombo(combo: JsonObject): void {
  if (str(combo, 'cat') !== 'VAT') return;
  const country = str(combo, 'country');
  if (country !== '' && country !== 'IT') {
    setExt(combo, K.exempt, 'N2');
    return;
  }
  if (str(combo, 'key') === '') {
    const code = getExt(combo, K.exempt);
    const key = { N1: 'outside-scope', N2: 'outside-scope', N3: 'export', N4: 'exempt', N5: 'exempt', N6: 'reverse-charge' }[code];
    if (key) {
      combo.key = key;
      delete combo.rate;
    } else if (code === '') combo.key = 'standard';
  }
  switch (str(combo, 'key')) {
    case 'standard':
    case 'zero':
      deleteExt(combo, K.exempt);
      break;
    case 'outside-scope':
      setExtOneOf(combo, K.exempt, 'N1', ['N2']);
      break;
    case 'export':
    case 'intra-community':
      setExt(combo, K.exempt, 'N3');
      break;
    case 'exempt':
      setExtOneOf(combo, K.exempt, 'N4', ['N5']);
      break;
    case 'reverse-charge':
      setExt(combo, K.exempt, 'N6');
      break;
  }
}

export function normalizeTicketItem(item: JsonObject): void {
  if (!hasExt(item, K.product)) setExt(item, K.product, 'services');
}

export function normalizeTicketInvoice(doc: JsonObject): void {
  const tax = docTax(doc, true) as JsonObject;
  if (str(tax, 'prices_include') === '') tax.prices_include = 'VAT';
  const lottery = getExt(tax, K.lottery);
  if (lottery !== '') setExt(tax, K.lottery, lottery.toUpperCase().replace(/[^A-Z0-9]/g, ''));
}

const f = faultMaker('GOBL-IT-TICKET-BILL-INVOICE');
const fc = faultMaker('GOBL-IT-TICKET-TAX-COMBO');

export function validateTicketInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!canConvertTo(doc, 'EUR')) out.push(f('08', 'the invoice must be in EUR or give an exchange rate to EUR', path));
  const tax = obj(doc, 'tax');
  if (!tax) out.push(f('01', 'tax details are needed', `${path}.tax`));
  else {
    const pi = str(tax, 'prices_include');
    // Both checks run: an empty value is not VAT either (met in an invoice complement, not normalized by this addon).
    if (pi === '') out.push(f('02', 'prices must include a tax', `${path}.tax.prices_include`));
    if (pi !== 'VAT') out.push(f('03', 'prices must include VAT', `${path}.tax.prices_include`));
  }
  const supplier = obj(doc, 'supplier');
  if (supplier && !obj(supplier, 'tax_id')) out.push(f('04', 'the supplier needs a tax ID', `${path}.supplier.tax_id`));
  const corrective = invoiceType(doc) === 'corrective';
  if (corrective && !present(doc, 'preceding')) out.push(f('05', 'a corrective invoice needs preceding documents', `${path}.preceding`));
  objects(doc, 'lines').forEach((line, i) => {
    if (!objects(line, 'taxes').some((c) => str(c, 'cat') === 'VAT')) out.push(f('06', 'each line needs VAT', `${path}.lines[${i}]`));
    if (corrective && !hasExt(line, K.line)) out.push(f('07', `'${K.line}' is needed on corrective lines`, `${path}.lines[${i}].ext`));
  });
  return out;
}

export function validateTicketCombo(combo: JsonObject, path: string): Fault[] {
  if (str(combo, 'cat') !== 'VAT') return [];
  const percent = combo.percent;
  if (percent === undefined || percent === null) {
    return hasExt(combo, K.exempt) ? [] : [fc('01', `'${K.exempt}' is needed without a percent`, `${path}.ext`)];
  }
  if (typeof percent !== 'string') return [fc('02', 'the percent is not an accepted value', `${path}.percent`)];
  let value: Decimal;
  try {
    value = new Decimal(percent.replace('%', '').trim());
  } catch {
    return [fc('02', 'the percent is not an accepted value', `${path}.percent`)];
  }
  return TICKET_PERCENTAGES.some((p) => value.equals(p)) ? [] : [fc('02', 'the percent is not an accepted value', `${path}.percent`)];
}

export const itTicket: Addon = {
  def: IT_TICKET_V1,
  normalize(node: JsonObject, kind: NodeKind) {
    if (kind === 'tax/combo') normalizeTicketCombo(node);
    else if (kind === 'org/item') normalizeTicketItem(node);
    else if (kind === 'bill/invoice') normalizeTicketInvoice(node);
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    if (kind === 'bill/invoice') return validateTicketInvoice(node, path);
    if (kind === 'tax/combo') return validateTicketCombo(node, path);
    return [];
  },
};
