import type { Fault, JsonObject } from '../../base/types';
import { canConvertTo } from '../../currency/exchange';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, objects, present, str } from '../../rules/values';
import { docTax, getExt, hasExt, setExt, setExtIfEmpty } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';
import {
  EXEMPT,
  extensionValid,
  given,
  K,
  missingKeys,
  MODEL_NFCE,
  MODEL_NFE,
  MUNICIPALITY,
  NON_TAXPAYER,
  STATE_REG,
  TAXPAYER,
  validCode,
} from './extensions';
import { hasStateReg } from './org-party';
import { FUEL_CST, NORMAL_REGIMES, SIMPLES_REGIMES } from './tax-combo';

const SERIES = /^(?:0|[1-9][0-9]{0,2})$/;

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

const fi = faultMaker('GOBL-BR-NFE-BILL-INVOICE');

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
    for (const [field, code, what] of fields)
      if (!present(address, field)) out.push(fi(code, `an address of the ${who} needs ${what}`, `${a}.${field}`));
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
  const checks: [string, string][] = [
    [K.model, '44'],
    [K.presence, '45'],
    [K.purpose, '46'],
    [K.operationType, '47'],
  ];
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
  else if (!SERIES.test(series))
    out.push(fi('24', 'the series must be 0 or a number from 1 to 999 without leading zeros', `${path}.series`));
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
            fi(
              '43',
              `a Simples Nacional supplier (regime 1 or 4) gives '${K.icmsCsosn}'; '${K.icmsCst}' only for the fuel codes 02, 15, 53 and 61`,
              at,
            ),
          );
        }
      });
    });
  }
  return out;
}
