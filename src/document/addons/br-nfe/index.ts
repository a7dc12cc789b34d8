import { hooksByKind } from '../../pipeline/hooks';
import type { Fault, JsonObject } from '../../pipeline/types';
import { BR_NFE_V4 } from './def';
import { canConvertTo } from '../../currency/exchange';
import type { Addon } from '../../tax/addon-def';
import { lookupKey } from '../../cbc/key';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, objects, present, str } from '../../rules/values';
import { docTax, extMap, getExt, hasExt, setExt, setExtIfEmpty } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';

/**
 * Brazil's goods invoices, NF-e (model 55) and NFC-e (model 65): addon br-nfe-v4 of the module gobl.br.nfe,
 * as its files stood at commit 2f45764d (the newest version of each, for GOBL v0.502). The model follows the `simplified` tag; suppliers,
 * customers, ICMS/PIS/COFINS combos and payment means get their defaults; the rules carry the module's codes.
 */

export const NFE = {
  model: 'br-nfe-model',
  presence: 'br-nfe-presence',
  paymentMeans: 'br-nfe-payment-means',
  cfop: 'br-nfe-cfop',
  fiscalIncentive: 'br-nfe-fiscal-incentive',
  regime: 'br-nfe-regime',
  specialRegime: 'br-nfe-special-regime',
  stateRegInd: 'br-nfe-state-reg-ind',
  icmsCst: 'br-nfe-icms-cst',
  icmsCsosn: 'br-nfe-icms-csosn',
  icmsOrigin: 'br-nfe-icms-origin',
  pisCst: 'br-nfe-pis-cst',
  cofinsCst: 'br-nfe-cofins-cst',
  purpose: 'br-nfe-purpose',
  operationType: 'br-nfe-operation-type',
  creditNoteType: 'br-nfe-credit-note-type',
  debitNoteType: 'br-nfe-debit-note-type',
} as const;

const K = NFE;
const MUNICIPALITY = 'br-ibge-municipality';
const STATE_REG = 'br-nfe-state-reg';
const CEST = 'br-nfe-cest';
const NCM = 'ncm';

const MODEL_NFE = '55';
const MODEL_NFCE = '65';
const TAXPAYER = '1';
const EXEMPT = '2';
const NON_TAXPAYER = '9';

/** Regimes whose issuers use CSOSN codes (Simples Nacional, MEI), and those that use CST codes. */
const SIMPLES_REGIMES = ['1', '4'];
const NORMAL_REGIMES = ['2', '3'];
/** Fuel CSTs a Simples Nacional issuer may still use. */
const FUEL_CST = ['02', '15', '53', '61'];
/** Situation codes that carry no tax: their combo percent must be zero. */
const NO_VALUE_CSOSN = ['102', '103', '202', '203', '300', '400', '500'];
const NO_VALUE_CST = ['40', '41', '50', '60'];
const NO_VALUE_PIS_COFINS = ['04', '05', '06', '07', '08', '09'];

const SERIES = /^(?:0|[1-9][0-9]{0,2})$/;
const CEST_CODE = /^\d{7}$/;
const NCM_CODE = /^(\d{2}|\d{8})$/;

/** Payment means keys and their NF-e code; a `+`-composed key falls back to its leading parts. */
const PAYMENT_MEANS: Record<string, string> = {
  cash: '01',
  cheque: '02',
  card: '03',
  'card+debit': '04',
  'debit-transfer+debit': '04',
  'credit-transfer': '18',
  online: '18',
  other: '99',
};

/* ---------- normalization ---------- */

function hasStateReg(party: JsonObject | undefined): boolean {
  return objects(party, 'identities').some((id) => str(id, 'key') === STATE_REG);
}

/**
 * The model first (NFC-e for simplified invoices, NF-e otherwise, replacing any given value), as the
 * customer's default depends on it; then the supplier's regime (normal) and the customer's state
 * registration indicator (taxpayer for an NF-e customer with a state registration, non-taxpayer otherwise).
 */
export function normalizeNfeInvoice(doc: JsonObject): void {
  setExt(docTax(doc, true) as JsonObject, K.model, hasTag(doc, 'simplified') ? MODEL_NFCE : MODEL_NFE);
  const supplier = obj(doc, 'supplier');
  if (supplier) setExtIfEmpty(supplier, K.regime, '3');
  const customer = obj(doc, 'customer');
  if (customer) {
    const nfe = getExt(obj(doc, 'tax'), K.model) === MODEL_NFE;
    setExtIfEmpty(customer, K.stateRegInd, nfe && hasStateReg(customer) ? TAXPAYER : NON_TAXPAYER);
  }
}

/** ICMS gets CST 00 (unless it has a CSOSN) and national origin; PIS and COFINS get CST 01. */
export function normalizeNfeCombo(combo: JsonObject): void {
  switch (str(combo, 'cat')) {
    case 'ICMS':
      if (!hasExt(combo, K.icmsCsosn)) setExtIfEmpty(combo, K.icmsCst, '00');
      setExtIfEmpty(combo, K.icmsOrigin, '0');
      break;
    case 'PIS':
      setExtIfEmpty(combo, K.pisCst, '01');
      break;
    case 'COFINS':
      setExtIfEmpty(combo, K.cofinsCst, '01');
      break;
    default:
  }
}

/** The payment means code follows the key, except that `other` leaves a code already given alone. */
export function normalizeNfePaymentMeans(node: JsonObject): void {
  const key = str(node, 'key');
  if (key === 'other' && hasExt(node, K.paymentMeans)) return;
  const code = lookupKey(PAYMENT_MEANS, key);
  if (code !== '') setExt(node, K.paymentMeans, code);
}

/* ---------- validation ---------- */

const fi = faultMaker('GOBL-BR-NFE-BILL-INVOICE');
const fl = faultMaker('GOBL-BR-NFE-BILL-LINE');
const fc = faultMaker('GOBL-BR-NFE-TAX-COMBO');
const fid = faultMaker('GOBL-BR-NFE-ORG-IDENTITY');
const fp = faultMaker('GOBL-BR-NFE-ORG-PARTY');

const validCode = (key: string) => `'${key}' holds a code the addon does not define`;

const CODES = new Map(BR_NFE_V4.extensions.map((e) => [e.key, e.codes ?? []]));

/** GOBL's valid-code test: an absent key passes; a present one must be among the extension's codes. */
function extensionValid(node: JsonObject | undefined, key: string): boolean {
  const code = getExt(node, key);
  return code === '' || (CODES.get(key) ?? []).includes(code);
}

/** GOBL's presence test on a struct field: any object counts, even an empty one. */
function given(node: JsonObject | undefined, field: string): boolean {
  return isObject(node?.[field]);
}

function missingKeys(node: JsonObject | undefined, keys: string[]): boolean {
  const ext = extMap(node);
  return keys.some((k) => ext[k] === undefined);
}

/** The address checks shared by supplier and customer: each field with its fault code. */
function addressFaults(party: JsonObject, at: string, entryCode: string, fields: [string, string, string][]): Fault[] {
  const out: Fault[] = [];
  const who = at.endsWith('supplier') ? 'supplier' : 'customer';
  const addresses = Array.isArray(party.addresses) ? party.addresses : [];
  addresses.forEach((address, i) => {
    const a = `${at}.addresses[${i}]`;
    if (!isObject(address)) {
      out.push(fi(entryCode, `an address of the ${who} cannot be empty`, a));
      return;
    }
    for (const [field, code, what] of fields) if (!present(address, field)) out.push(fi(code, `an address of the ${who} needs ${what}`, `${a}.${field}`));
  });
  return out;
}

function supplierFaults(supplier: JsonObject, at: string): Fault[] {
  const out: Fault[] = [];
  if (!given(supplier, 'tax_id')) out.push(fi('01', 'the supplier needs a tax ID', `${at}.tax_id`));
  else if (!present(obj(supplier, 'tax_id'), 'code')) out.push(fi('02', 'the supplier tax ID needs a code', `${at}.tax_id.code`));
  out.push(
    ...addressFaults(supplier, at, '03', [
      ['street', '04', 'a street'],
      ['num', '05', 'a number'],
      ['locality', '06', 'a locality'],
      ['state', '07', 'a state'],
      ['code', '08', 'a postal code'],
      ['country', '37', 'a country'],
    ]),
  );
  if (present(supplier, 'addresses') && missingKeys(supplier, [MUNICIPALITY])) {
    out.push(fi('09', `a supplier with an address needs '${MUNICIPALITY}'`, `${at}.ext`));
  }
  if (missingKeys(supplier, [K.regime])) out.push(fi('39', `the supplier needs '${K.regime}'`, `${at}.ext`));
  if (!present(supplier, 'name')) out.push(fi('10', 'the supplier needs a name', `${at}.name`));
  if (!present(supplier, 'addresses')) out.push(fi('11', 'the supplier needs an address', `${at}.addresses`));
  return out;
}

function hasForeignIdentity(party: JsonObject): boolean {
  return objects(party, 'identities').some((id) => str(id, 'country') !== '' && str(id, 'country') !== 'BR');
}

function customerFaults(customer: JsonObject, at: string, nfce: boolean): Fault[] {
  const out: Fault[] = [];
  if (!given(customer, 'tax_id') && !hasForeignIdentity(customer)) {
    out.push(fi('36', 'the customer needs a tax ID, or an identity of a country other than Brazil', at));
  }
  const taxId = obj(customer, 'tax_id');
  if (taxId && !present(taxId, 'code')) out.push(fi('15', 'the customer tax ID needs a code', `${at}.tax_id.code`));
  out.push(
    ...addressFaults(customer, at, '16', [
      ['street', '17', 'a street'],
      ['num', '18', 'a number'],
      ['locality', '19', 'a locality'],
      ['code', '21', 'a postal code'],
      ['country', '38', 'a country'],
    ]),
  );
  if (taxId && str(taxId, 'country') === 'BR') {
    objects(customer, 'addresses').forEach((address, i) => {
      if (!present(address, 'state')) out.push(fi('20', 'an address of a Brazilian customer needs a state', `${at}.addresses[${i}].state`));
    });
    if (present(customer, 'addresses') && missingKeys(customer, [MUNICIPALITY])) {
      out.push(fi('22', `a Brazilian customer with an address needs '${MUNICIPALITY}'`, `${at}.ext`));
    }
  }
  const ind = getExt(customer, K.stateRegInd);
  if (ind === '') out.push(fi('50', `the customer needs '${K.stateRegInd}'`, `${at}.ext`));
  if (ind === TAXPAYER && !hasStateReg(customer)) {
    out.push(fi('51', `a customer that is an ICMS taxpayer ('${K.stateRegInd}' 1) needs a '${STATE_REG}' identity`, at));
  }
  if (ind === EXEMPT && hasStateReg(customer)) {
    out.push(fi('52', `a customer exempt from state registration ('${K.stateRegInd}' 2) cannot have a '${STATE_REG}' identity`, at));
  }
  if (nfce && ind !== '' && ind !== NON_TAXPAYER) {
    out.push(fi('53', `the customer of an NFC-e must be a non-taxpayer ('${K.stateRegInd}' 9)`, `${at}.ext`));
  }
  return out;
}

function taxFaults(tax: JsonObject, at: string): Fault[] {
  const out: Fault[] = [];
  const ext = `${at}.ext`;
  if (missingKeys(tax, [K.model, K.presence, K.purpose, K.operationType])) {
    out.push(fi('26', `the tax needs '${K.model}', '${K.presence}', '${K.purpose}' and '${K.operationType}'`, ext));
  }
  const checks: [string, string][] = [[K.model, '44'], [K.presence, '45'], [K.purpose, '46'], [K.operationType, '47']];
  for (const [key, code] of checks) if (!extensionValid(tax, key)) out.push(fi(code, validCode(key), ext));
  const model = getExt(tax, K.model);
  const presence = getExt(tax, K.presence);
  if (model === MODEL_NFE && presence === '4') out.push(fi('27', `an NF-e cannot have presence 4 (home delivery) in '${K.presence}'`, ext));
  if (model === MODEL_NFCE && presence !== '' && presence !== '1' && presence !== '4') {
    out.push(fi('28', `an NFC-e needs presence 1 (in person) or 4 (home delivery) in '${K.presence}'`, ext));
  }
  const purpose = getExt(tax, K.purpose);
  if (purpose === '5') {
    if (!hasExt(tax, K.creditNoteType)) out.push(fi('40', `purpose 5 (credit note) needs '${K.creditNoteType}'`, ext));
    if (!extensionValid(tax, K.creditNoteType)) out.push(fi('48', validCode(K.creditNoteType), ext));
  }
  if (purpose === '6') {
    if (!hasExt(tax, K.debitNoteType)) out.push(fi('41', `purpose 6 (debit note) needs '${K.debitNoteType}'`, ext));
    if (!extensionValid(tax, K.debitNoteType)) out.push(fi('49', validCode(K.debitNoteType), ext));
  }
  return out;
}

/** GOBL's `Totals.Paid`: a due amount is given and it is zero. */
function paid(doc: JsonObject): boolean {
  const due = obj(doc, 'totals')?.due;
  return typeof due === 'string' && /\d/.test(due) && /^[+-]?0*\.?0*$/.test(due);
}

export function validateNfeInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!canConvertTo(doc, 'BRL')) out.push(fi('34', 'invoice currency must be BRL or provide exchange rate for conversion', path));
  const supplier = obj(doc, 'supplier');
  if (supplier) out.push(...supplierFaults(supplier, `${path}.supplier`));
  const model = getExt(obj(doc, 'tax'), K.model);
  const customer = obj(doc, 'customer');
  if (model === MODEL_NFE) {
    if (!customer) out.push(fi('12', 'an NF-e needs a customer', `${path}.customer`));
    else if (!present(customer, 'addresses')) {
      out.push(fi('13', 'the customer of an NF-e needs an address', `${path}.customer.addresses`));
    }
  }
  if (customer) out.push(...customerFaults(customer, `${path}.customer`, model === MODEL_NFCE));
  const series = str(doc, 'series');
  if (series === '') out.push(fi('23', 'a series is needed', `${path}.series`));
  else if (!SERIES.test(series)) out.push(fi('24', 'the series must be 0 or a number from 1 to 999 without leading zeros', `${path}.series`));
  const tax = obj(doc, 'tax');
  if (!tax) out.push(fi('25', 'the tax object is needed', `${path}.tax`));
  else out.push(...taxFaults(tax, `${path}.tax`));
  const notes = Array.isArray(doc.notes) ? doc.notes : [];
  notes.forEach((note, i) => {
    if (!isObject(note) || str(note, 'key') !== 'reason') return;
    const bytes = Buffer.byteLength(str(note, 'text'), 'utf8');
    if (bytes > 60) out.push(fi('29', 'the reason note text must be at most 60 bytes long', `${path}.notes[${i}].text`));
  });
  if (!objects(doc, 'notes').some((n) => str(n, 'key') === 'reason')) {
    out.push(fi('30', "a note with key 'reason' must give the nature of the operation (natOp)", path));
  }
  if (!paid(doc)) {
    if (!given(doc, 'payment')) out.push(fi('31', 'an unpaid invoice needs payment details', `${path}.payment`));
    else if (!given(obj(doc, 'payment'), 'instructions')) {
      out.push(fi('32', 'an unpaid invoice needs payment instructions', `${path}.payment.instructions`));
    }
  }
  const due = obj(doc, 'totals')?.due;
  if (typeof due === 'string' && due.trim().startsWith('-') && /[1-9]/.test(due)) {
    out.push(fi('33', 'the amount due cannot be negative', `${path}.totals.due`));
  }
  (Array.isArray(doc.lines) ? doc.lines : []).forEach((line, i) => {
    if (isObject(line) && !hasExt(line, K.cfop)) out.push(fi('35', `each line needs '${K.cfop}'`, `${path}.lines[${i}].ext`));
  });
  const regime = getExt(supplier, K.regime);
  if (NORMAL_REGIMES.includes(regime) || SIMPLES_REGIMES.includes(regime)) {
    const simples = SIMPLES_REGIMES.includes(regime);
    (Array.isArray(doc.lines) ? doc.lines : []).forEach((line, i) => {
      if (!isObject(line)) return;
      (Array.isArray(line.taxes) ? line.taxes : []).forEach((combo, j) => {
        if (!isObject(combo) || str(combo, 'cat') !== 'ICMS') return;
        const at = `${path}.lines[${i}].taxes[${j}].ext`;
        if (!simples && hasExt(combo, K.icmsCsosn)) {
          out.push(fi('42', `'${K.icmsCsosn}' is for Simples Nacional suppliers (regime 1 or 4); this supplier gives '${K.icmsCst}'`, at));
        }
        const cst = getExt(combo, K.icmsCst);
        if (simples && cst !== '' && !FUEL_CST.includes(cst)) {
          out.push(
            fi('43', `a Simples Nacional supplier (regime 1 or 4) gives '${K.icmsCsosn}'; '${K.icmsCst}' only for the fuel codes 02, 15, 53 and 61`, at),
          );
        }
      });
    });
  }
  return out;
}

export function validateNfeLine(line: JsonObject, path: string): Fault[] {
  const cats = new Set(objects(line, 'taxes').map((c) => str(c, 'cat')));
  const out: Fault[] = [];
  const required: [string, string][] = [['ICMS', '01'], ['PIS', '02'], ['COFINS', '03']];
  for (const [cat, code] of required) if (!cats.has(cat)) out.push(fl(code, `the line taxes need the ${cat} category`, path));
  return out;
}

/** A non-zero percent, as GOBL's equality to zero sees it (an absent or empty percent passes). */
function nonZeroPercent(combo: JsonObject): boolean {
  const p = combo.percent;
  return typeof p === 'string' && /[1-9]/.test(p);
}

export function validateNfeCombo(combo: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const ext = `${path}.ext`;
  const percent = `${path}.percent`;
  switch (str(combo, 'cat')) {
    case 'ICMS': {
      const cst = getExt(combo, K.icmsCst);
      const csosn = getExt(combo, K.icmsCsosn);
      if (cst === '' && csosn === '') out.push(fc('01', `ICMS needs '${K.icmsCst}' or '${K.icmsCsosn}'`, ext));
      if (!hasExt(combo, K.icmsOrigin)) out.push(fc('02', `ICMS needs '${K.icmsOrigin}'`, ext));
      if (cst !== '' && csosn !== '') out.push(fc('05', `ICMS takes '${K.icmsCst}' or '${K.icmsCsosn}', not both`, ext));
      if (!extensionValid(combo, K.icmsCst)) out.push(fc('10', validCode(K.icmsCst), ext));
      if (!extensionValid(combo, K.icmsCsosn)) out.push(fc('11', validCode(K.icmsCsosn), ext));
      if (!extensionValid(combo, K.icmsOrigin)) out.push(fc('12', validCode(K.icmsOrigin), ext));
      if (NO_VALUE_CSOSN.includes(csosn) && nonZeroPercent(combo)) {
        out.push(fc('06', 'CSOSN 102, 103, 202, 203, 300, 400 and 500 carry no ICMS: the percent must be zero', percent));
      }
      if (NO_VALUE_CST.includes(cst) && nonZeroPercent(combo)) {
        out.push(fc('07', 'CST 40, 41, 50 and 60 carry no ICMS: the percent must be zero', percent));
      }
      break;
    }
    case 'PIS':
      if (!hasExt(combo, K.pisCst)) out.push(fc('03', `PIS needs '${K.pisCst}'`, ext));
      if (!extensionValid(combo, K.pisCst)) out.push(fc('13', validCode(K.pisCst), ext));
      if (NO_VALUE_PIS_COFINS.includes(getExt(combo, K.pisCst)) && nonZeroPercent(combo)) {
        out.push(fc('08', 'PIS CST 04 to 09 carry no PIS: the percent must be zero', percent));
      }
      break;
    case 'COFINS':
      if (!hasExt(combo, K.cofinsCst)) out.push(fc('04', `COFINS needs '${K.cofinsCst}'`, ext));
      if (!extensionValid(combo, K.cofinsCst)) out.push(fc('14', validCode(K.cofinsCst), ext));
      if (NO_VALUE_PIS_COFINS.includes(getExt(combo, K.cofinsCst)) && nonZeroPercent(combo)) {
        out.push(fc('09', 'COFINS CST 04 to 09 carry no COFINS: the percent must be zero', percent));
      }
      break;
    default:
  }
  return out;
}

export function validateNfeIdentity(identity: JsonObject, path: string): Fault[] {
  const key = str(identity, 'key');
  const code = str(identity, 'code');
  if (code === '') return [];
  if (key === CEST && !CEST_CODE.test(code)) return [fid('01', 'a CEST code has 7 digits', `${path}.code`)];
  if (key === NCM && !NCM_CODE.test(code)) {
    return [fid('02', 'an NCM code has 8 digits (2 in some cases), without separators', `${path}.code`)];
  }
  return [];
}

/**
 * Party extension codes. 04 (the state registration indicator) is not in the module's stored party rules, but its
 * invoice tests at the same commit expect the message; the code follows the other three.
 */
export function validateNfeParty(party: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const checks: [string, string][] = [[K.regime, '01'], [K.fiscalIncentive, '02'], [K.specialRegime, '03'], [K.stateRegInd, '04']];
  for (const [key, code] of checks) if (!extensionValid(party, key)) out.push(fp(code, validCode(key), `${path}.ext`));
  return out;
}

export function validateNfePaymentMeans(node: JsonObject, path: string, prefix: string, what: string): Fault[] {
  const f = faultMaker(prefix);
  const out: Fault[] = [];
  if (!hasExt(node, K.paymentMeans)) out.push(f('01', `${what} needs '${K.paymentMeans}'`, `${path}.ext`));
  if (!extensionValid(node, K.paymentMeans)) out.push(f('02', validCode(K.paymentMeans), `${path}.ext`));
  return out;
}

export const brNfe: Addon = {
  def: BR_NFE_V4,
  ...hooksByKind({
    normalize: {
      'bill/invoice': normalizeNfeInvoice,
      'tax/combo': normalizeNfeCombo,
      'pay/instructions': normalizeNfePaymentMeans,
      'pay/record': normalizeNfePaymentMeans,
    },
    validate: {
      'bill/invoice': validateNfeInvoice,
      'bill/line': validateNfeLine,
      'tax/combo': validateNfeCombo,
      'org/identity': validateNfeIdentity,
      'org/party': validateNfeParty,
      'pay/instructions': (node, path) => validateNfePaymentMeans(node, path, 'GOBL-BR-NFE-PAY-INSTRUCTIONS', 'the payment instructions'),
      'pay/record': (node, path) => validateNfePaymentMeans(node, path, 'GOBL-BR-NFE-PAY-RECORD', 'an advance payment'),
    },
  }),
};
