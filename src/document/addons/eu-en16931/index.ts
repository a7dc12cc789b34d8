import type { NodeKind } from '../../pipeline/hooks';
import type { Fault, JsonObject } from '../../pipeline/types';
import { EU_EN16931_V2017 } from './def';
import type { Addon } from '../../tax/addon-def';
import { invoiceType } from '../../bill/invoice-type';
import { lookupKey } from '../../cbc/key';
import { faultMaker } from '../../rules/fault';
import { obj, objects, present, str } from '../../rules/values';
import { docTax, getExt, hasExt, mergeExt, setExt } from '../../tax/extensions';

/** The European norm EN 16931-1:2017 (addon eu-en16931-v2017), base of Factur-X, ZUGFeRD, XRechnung and Chorus Pro. */

export const UNTDID = {
  documentType: 'untdid-document-type',
  paymentMeans: 'untdid-payment-means',
  taxCategory: 'untdid-tax-category',
  allowance: 'untdid-allowance',
  charge: 'untdid-charge',
  textSubject: 'untdid-text-subject',
} as const;
export const VATEX = 'cef-vatex';
export const ISO_SCHEME_ID = 'iso-scheme-id';

/** VAT tax keys and their UNTDID 5305 category codes. */
export const VAT_CATEGORY_BY_KEY: Record<string, string> = {
  standard: 'S',
  zero: 'Z',
  exempt: 'E',
  'reverse-charge': 'AE',
  'intra-community': 'K',
  export: 'G',
  'outside-scope': 'O',
};
const EXEMPT_CATEGORIES = ['E', 'AE', 'K', 'G', 'O'];

function keyForCategory(code: string): string {
  return Object.keys(VAT_CATEGORY_BY_KEY).find((k) => VAT_CATEGORY_BY_KEY[k] === code) ?? '';
}

export const EN16931_PAYMENT_MEANS: Record<string, string> = {
  any: '1',
  card: '48',
  'card+debit': '55',
  'credit-transfer': '30',
  'debit-transfer': '31',
  cash: '10',
  cheque: '20',
  'bank-draft': '21',
  'direct-debit': '49',
  online: '68',
  'promissory-note': '60',
  netting: '97',
  'credit-transfer+sepa': '58',
  'direct-debit+sepa': '59',
};

export const EN16931_DISCOUNTS: Record<string, string> = {
  'early-completion': '41',
  military: '62',
  'work-accident': '63',
  'special-agreement': '64',
  'production-error': '65',
  'new-outlet': '66',
  sample: '67',
  'end-of-range': '68',
  incoterm: '70',
  'pos-threshold': '71',
  'special-rebate': '100',
  temporary: '103',
  standard: '104',
  'yearly-turnover': '105',
};

export const EN16931_CHARGES: Record<string, string> = {
  'stamp-duty': 'ST',
  outlay: 'AAE',
  tax: 'TX',
  customs: 'ABW',
  delivery: 'DL',
  packing: 'PC',
  handling: 'HD',
  insurance: 'IN',
  storage: 'ABA',
  admin: 'AEM',
  cleaning: 'CG',
};

export const EN16931_NOTE_SUBJECTS: Record<string, string> = {
  goods: 'AAA',
  payment: 'PMT',
  'payment-method': 'PMD',
  'payment-term': 'AAB',
  general: 'AAI',
  legal: 'ABL',
  'dangerous-goods': 'AAC',
  ack: 'AAE',
  rate: 'AAF',
  reason: 'ACD',
  dispute: 'ACE',
  customer: 'CUR',
  glossary: 'ACZ',
  customs: 'CUS',
  handling: 'HAN',
  packaging: 'PKG',
  loading: 'LOI',
  price: 'AAK',
  priority: 'PRI',
  regulatory: 'REG',
  safety: 'SAF',
  'ship-line': 'SLR',
  supplier: 'SUR',
  transport: 'TRA',
  delivery: 'DEL',
  quarantine: 'QIN',
  tax: 'TXD',
  other: 'ZZZ',
};

const IDENTITY_SCHEME_BY_KEY: Record<string, string> = { gln: '0088', gtin: '0160' };
const IDENTITY_SCHEME_BY_TYPE: Record<string, string> = { SIREN: '0002', SIRET: '0009', CVR: '0184' };
const PEPPOL_SCHEME = 'iso6523-actorid-upis';

export function normalizeEnCombo(combo: JsonObject): void {
  const cat = str(combo, 'cat');
  if (cat === 'VAT') {
    if (str(combo, 'key') === '') combo.key = keyForCategory(getExt(combo, UNTDID.taxCategory)) || 'standard';
    setExt(combo, UNTDID.taxCategory, VAT_CATEGORY_BY_KEY[str(combo, 'key')] ?? '');
  } else if (cat === 'IGIC') setExt(combo, UNTDID.taxCategory, 'L');
  else if (cat === 'IPSI') setExt(combo, UNTDID.taxCategory, 'M');
  else setExt(combo, UNTDID.taxCategory, 'O');
}

/** A VAT note in `tax.notes`: its key and its UNTDID category follow each other. */
export function normalizeEnTaxNote(note: JsonObject): void {
  if (str(note, 'cat') !== 'VAT') return;
  if (str(note, 'key') === '') {
    const key = keyForCategory(getExt(note, UNTDID.taxCategory));
    if (key) note.key = key;
  }
  const code = VAT_CATEGORY_BY_KEY[str(note, 'key')];
  if (code) mergeExt(note, { [UNTDID.taxCategory]: code });
}

function mapKey(node: JsonObject, map: Record<string, string>, extKey: string): void {
  const code = map[str(node, 'key')];
  if (code) mergeExt(node, { [extKey]: code });
}

export function normalizeEnPayInstructions(node: JsonObject): void {
  const code = lookupKey(EN16931_PAYMENT_MEANS, str(node, 'key'));
  if (code) mergeExt(node, { [UNTDID.paymentMeans]: code });
}

export function normalizeEnIdentity(id: JsonObject): void {
  const byKey = IDENTITY_SCHEME_BY_KEY[str(id, 'key')];
  if (byKey) {
    mergeExt(id, { [ISO_SCHEME_ID]: byKey });
    return;
  }
  const byType = IDENTITY_SCHEME_BY_TYPE[str(id, 'type')];
  if (byType) mergeExt(id, { [ISO_SCHEME_ID]: byType });
}

/** An inbox code written as "0088:123" is split into scheme and code. */
export function normalizeEnInbox(inbox: JsonObject): void {
  const code = str(inbox, 'code');
  if (/^\d{4}:/.test(code)) {
    inbox.scheme = code.slice(0, 4);
    inbox.code = code.slice(5);
  }
}

function uriScheme(uri: string): string {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(uri);
  return m ? m[1].toLowerCase() : '';
}

/** A party with a Peppol inbox and no Peppol endpoint gets one built from the inbox. */
export function normalizeEnParty(party: JsonObject): void {
  if (objects(party, 'endpoints').some((e) => uriScheme(str(e, 'uri')) === PEPPOL_SCHEME)) return;
  for (const inbox of objects(party, 'inboxes')) {
    if (str(inbox, 'key') !== 'peppol') continue;
    const scheme = str(inbox, 'scheme');
    const code = str(inbox, 'code');
    if (scheme === '' || code === '') continue;
    const endpoint: JsonObject = {};
    if (str(inbox, 'label') !== '') endpoint.label = str(inbox, 'label');
    endpoint.uri = `${PEPPOL_SCHEME}::${scheme}:${code}`;
    const list = Array.isArray(party.endpoints) ? party.endpoints : [];
    list.push(endpoint);
    party.endpoints = list;
    return;
  }
}

const f = faultMaker('GOBL-EU-EN16931-BILL-INVOICE');
const fd = faultMaker('GOBL-EU-EN16931-BILL-DISCOUNT');
const fld = faultMaker('GOBL-EU-EN16931-BILL-LINEDISCOUNT');
const fch = faultMaker('GOBL-EU-EN16931-BILL-CHARGE');
const flc = faultMaker('GOBL-EU-EN16931-BILL-LINECHARGE');
const fpi = faultMaker('GOBL-EU-EN16931-PAY-INSTRUCTIONS');
const fpt = faultMaker('GOBL-EU-EN16931-PAY-TERMS');
const fit = faultMaker('GOBL-EU-EN16931-ORG-ITEM');
const fat = faultMaker('GOBL-EU-EN16931-ORG-ATTACHMENT');
const fpa = faultMaker('GOBL-EU-EN16931-ORG-PARTY');
const fin = faultMaker('GOBL-EU-EN16931-ORG-INBOX');
const fad = faultMaker('GOBL-EU-EN16931-ORG-ADDRESS');
const fc = faultMaker('GOBL-EU-EN16931-TAX-COMBO');

function isNonZeroAmount(value: unknown): boolean {
  return typeof value === 'string' && !/^-?0*(\.0*)?$/.test(value);
}

/** Exempt VAT categories in the totals without a VATEX code need a note in `tax.notes`. */
function exemptionNotesCovered(doc: JsonObject): boolean {
  const needed = new Set<string>();
  for (const cat of objects(obj(obj(doc, 'totals'), 'taxes'), 'categories')) {
    if (str(cat, 'code') !== 'VAT') continue;
    for (const rate of objects(cat, 'rates')) {
      const code = getExt(rate, UNTDID.taxCategory);
      if (EXEMPT_CATEGORIES.includes(code) && !hasExt(rate, VATEX)) needed.add(code);
    }
  }
  const covered = new Set(objects(obj(doc, 'tax'), 'notes').map((n) => getExt(n, UNTDID.taxCategory)).filter((c) => c !== ''));
  return [...needed].every((c) => covered.has(c));
}

export function validateEnInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const tax = obj(doc, 'tax');
  if (!tax) out.push(f('01', 'tax details with a document type are needed', `${path}.tax`));
  else if (!hasExt(tax, UNTDID.documentType)) out.push(f('02', `'${UNTDID.documentType}' is needed`, `${path}.tax.ext`));
  if (!exemptionNotesCovered(doc)) out.push(f('08', 'exempt VAT categories need a VATEX code or an exemption note', path));
  if (!present(doc, 'lines')) out.push(f('03', 'at least one line is needed', `${path}.lines`));
  const supplier = obj(doc, 'supplier');
  if (supplier && !present(supplier, 'addresses')) out.push(f('04', 'the supplier needs an address', `${path}.supplier.addresses`));
  const customer = obj(doc, 'customer');
  if (customer && !present(customer, 'addresses')) out.push(f('05', 'the customer needs an address', `${path}.customer.addresses`));
  const totals = obj(doc, 'totals');
  const due = totals && (totals.due !== undefined && totals.due !== null ? isNonZeroAmount(totals.due) : isNonZeroAmount(totals.payable));
  if (invoiceType(doc) === 'standard' && due) {
    const payment = obj(doc, 'payment');
    if (!payment) out.push(f('06', 'payment details are needed while an amount is due', `${path}.payment`));
    else if (!obj(payment, 'terms')) out.push(f('07', 'payment terms are needed while an amount is due', `${path}.payment.terms`));
  }
  return out;
}

export function validateEnCombo(combo: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const at = `${path}.ext`;
  const code = getExt(combo, UNTDID.taxCategory);
  const cat = str(combo, 'cat');
  if (code === '') out.push(fc('01', `'${UNTDID.taxCategory}' is needed`, at));
  if (code !== '') {
    if (cat === 'VAT' && !Object.values(VAT_CATEGORY_BY_KEY).includes(code)) out.push(fc('02', 'the VAT category code is not valid', at));
    if (cat === 'IGIC' && code !== 'L') out.push(fc('03', 'IGIC takes category code L', at));
    if (cat === 'IPSI' && code !== 'M') out.push(fc('04', 'IPSI takes category code M', at));
    if (!['VAT', 'IGIC', 'IPSI'].includes(cat) && code !== 'O') out.push(fc('05', 'other taxes take category code O', at));
  }
  if (['S', 'Z', 'L', 'M'].includes(code) && hasExt(combo, VATEX)) out.push(fc('07', `'${VATEX}' is not allowed on taxed categories`, at));
  return out;
}

export const euEn16931: Addon = {
  def: EU_EN16931_V2017,
  normalize(node: JsonObject, kind: NodeKind) {
    switch (kind) {
      case 'bill/invoice':
        docTax(node, true);
        break;
      case 'pay/instructions':
        normalizeEnPayInstructions(node);
        break;
      case 'tax/combo':
        normalizeEnCombo(node);
        break;
      case 'bill/discount':
      case 'bill/line-discount':
        mapKey(node, EN16931_DISCOUNTS, UNTDID.allowance);
        break;
      case 'bill/charge':
      case 'bill/line-charge':
        mapKey(node, EN16931_CHARGES, UNTDID.charge);
        break;
      case 'tax/note':
        normalizeEnTaxNote(node);
        break;
      case 'org/note':
        mapKey(node, EN16931_NOTE_SUBJECTS, UNTDID.textSubject);
        break;
      case 'org/item':
        if (str(node, 'unit') === '') node.unit = 'one';
        break;
      case 'org/identity':
        normalizeEnIdentity(node);
        break;
      case 'org/inbox':
        normalizeEnInbox(node);
        break;
      case 'org/party':
        normalizeEnParty(node);
        break;
      default:
    }
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    switch (kind) {
      case 'bill/invoice':
        return validateEnInvoice(node, path);
      case 'tax/combo':
        return validateEnCombo(node, path);
      case 'bill/discount': {
        const out: Fault[] = [];
        if (!present(node, 'taxes')) out.push(fd('01', 'taxes are needed', `${path}.taxes`));
        if (!present(node, 'reason') && !hasExt(node, UNTDID.allowance)) out.push(fd('02', 'a reason or an allowance code is needed', path));
        return out;
      }
      case 'bill/line-discount':
        return present(node, 'reason') || hasExt(node, UNTDID.allowance) ? [] : [fld('01', 'a reason or an allowance code is needed', path)];
      case 'bill/charge':
        return present(node, 'reason') || hasExt(node, UNTDID.charge) ? [] : [fch('01', 'a reason or a charge code is needed', path)];
      case 'bill/line-charge':
        return present(node, 'reason') || hasExt(node, UNTDID.charge) ? [] : [flc('01', 'a reason or a charge code is needed', path)];
      case 'pay/instructions':
        return hasExt(node, UNTDID.paymentMeans) ? [] : [fpi('01', `'${UNTDID.paymentMeans}' is needed`, `${path}.ext`)];
      case 'pay/terms':
        return present(node, 'due_dates') || present(node, 'notes') ? [] : [fpt('01', 'due dates or notes are needed', path)];
      case 'org/item':
        return present(node, 'unit') ? [] : [fit('01', 'a unit is needed', `${path}.unit`)];
      case 'org/attachment':
        return present(node, 'code') ? [] : [fat('01', 'a code is needed', `${path}.code`)];
      case 'org/party':
        return objects(node, 'inboxes').length > 1 ? [fpa('01', 'at most one inbox is allowed', `${path}.inboxes`)] : [];
      case 'org/inbox': {
        const out: Fault[] = [];
        if (present(node, 'code') && !present(node, 'scheme')) out.push(fin('01', 'a scheme is needed with a code', path));
        if (present(node, 'scheme') && !present(node, 'code')) out.push(fin('02', 'a code is needed with a scheme', path));
        return out;
      }
      case 'org/address':
        return present(node, 'country') ? [] : [fad('01', 'a country is needed', `${path}.country`)];
      default:
        return [];
    }
  },
};
