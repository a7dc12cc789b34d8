import type { NodeKind } from '../../pipeline/hooks';
import type { Fault, JsonObject } from '../../pipeline/types';
import { ES_TBAI_V1 } from './def';
import { normalizeCustomerIdentityType } from '../es-common/customer-identity';
import { CORRECTIVE_INVOICE_TYPES, invoiceType } from '../../bill/invoice-type';
import { canConvertTo } from '../../currency/exchange';
import { identityWithExt } from '../../org/identities';
import { spanishTaxIdKind } from '../../regimes/es/identity';
import type { Addon } from '../../tax/addon-def';
import { keyHas } from '../../cbc/key';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, objects, present, str } from '../../rules/values';
import { inEU } from '../../tax/eu-members';
import { deleteExt, docTax, extMap, getExt, hasExt, setExt, setExtIfEmpty, setExtOneOf } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';

/** The Basque Country's TicketBAI (addon es-tbai-v1). */

export const TBAI = {
  region: 'es-tbai-region',
  exempt: 'es-tbai-exemption',
  product: 'es-tbai-product',
  correction: 'es-tbai-correction',
  biActivity: 'es-tbai-bi-activity',
  regime: 'es-tbai-regime',
  identityType: 'es-tbai-identity-type',
  simplified: 'es-tbai-simplified',
} as const;

const K = TBAI;

/** Spellings of the three provinces in a supplier's address region. */
const REGIONS: Record<string, string> = {
  alava: 'VI',
  álava: 'VI',
  araba: 'VI',
  vi: 'VI',
  bizkaia: 'BI',
  vizcaya: 'BI',
  bi: 'BI',
  gipuzkoa: 'SS',
  guipuzcoa: 'SS',
  guipúzcoa: 'SS',
  ss: 'SS',
};

const KEY_BY_EXEMPTION: Record<string, string> = {
  E1: 'exempt',
  E6: 'exempt',
  E2: 'export',
  E3: 'export',
  E4: 'export',
  E5: 'intra-community',
  S2: 'reverse-charge',
  OT: 'outside-scope',
  RL: 'outside-scope',
  VT: 'outside-scope',
  IE: 'outside-scope',
};

export function normalizeTbaiCombo(combo: JsonObject): void {
  const cat = str(combo, 'cat');
  if (cat === 'IGIC') {
    setExt(combo, K.exempt, 'IE');
    setExtIfEmpty(combo, K.regime, '08');
    return;
  }
  if (cat !== 'VAT') return;
  const country = str(combo, 'country');
  if (country !== '' && country !== 'ES') {
    setExt(combo, K.exempt, inEU(country) ? 'IE' : 'RL');
    setExtIfEmpty(combo, K.regime, '01');
    return;
  }
  if (str(combo, 'key') === '') combo.key = KEY_BY_EXEMPTION[getExt(combo, K.exempt)] ?? 'standard';
  const key = str(combo, 'key');
  if (key === 'export') setExtIfEmpty(combo, K.regime, '02');
  const hasSurcharge = combo.surcharge !== undefined && combo.surcharge !== null;
  if (hasSurcharge || keyHas(str(combo, 'rate'), 'eqs')) setExtIfEmpty(combo, K.regime, '51');
  setExtIfEmpty(combo, K.regime, '01');
  switch (key) {
    case 'standard':
    case 'zero':
      deleteExt(combo, K.exempt);
      break;
    case 'reverse-charge':
      setExt(combo, K.exempt, 'S2');
      break;
    case 'outside-scope':
      setExtOneOf(combo, K.exempt, 'RL', ['IE', 'OT', 'VT']);
      break;
    case 'exempt':
      setExtOneOf(combo, K.exempt, 'E1', ['E6']);
      break;
    case 'export':
      setExtOneOf(combo, K.exempt, 'E2', ['E3', 'E4']);
      break;
    case 'intra-community':
      setExt(combo, K.exempt, 'E5');
      break;
  }
}

/** Goods or services from the line's item; a line without item key counts as services. */
export function normalizeTbaiLine(line: JsonObject): void {
  const item = obj(line, 'item');
  if (!item) return;
  const vat = objects(line, 'taxes').find((c) => str(c, 'cat') === 'VAT');
  if (!vat) return;
  const key = str(item, 'key');
  if (key === 'goods') setExtOneOf(vat, K.product, 'goods', ['resale']);
  else if (key === 'services' || key === '') setExt(vat, K.product, 'services');
}

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
const fc = faultMaker('GOBL-ES-TBAI-TAX-COMBO');

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

export function validateTbaiCombo(combo: JsonObject, path: string): Fault[] {
  if (!['VAT', 'IGIC'].includes(str(combo, 'cat')) || str(combo, 'key') !== 'exempt') return [];
  if (extMap(combo)[K.exempt]) return [];
  return [fc('01', `'${K.exempt}' is needed for exempt combos`, `${path}.ext`)];
}

export const esTbai: Addon = {
  def: ES_TBAI_V1,
  normalize(node: JsonObject, kind: NodeKind) {
    if (kind === 'tax/combo') normalizeTbaiCombo(node);
    else if (kind === 'bill/line') normalizeTbaiLine(node);
    else if (kind === 'bill/invoice') normalizeTbaiInvoice(node);
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    if (kind === 'bill/invoice') return validateTbaiInvoice(node, path);
    if (kind === 'tax/combo') return validateTbaiCombo(node, path);
    return [];
  },
};
