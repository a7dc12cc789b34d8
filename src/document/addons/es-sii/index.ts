import type { NodeKind } from '../../hooks';
import type { Fault, JsonObject } from '../../types';
import { ES_SII_V1 } from './def';
import { moveDocTypeOnCorrection, normalizeCorrection } from '../es-common/correction';
import { normalizeCustomerIdentityType } from '../es-common/customer-identity';
import { keyOfExemptionCode, setExemptionCode } from '../es-common/exemption';
import { VAT_OR_IGIC } from '../es-common/vat-categories';
import { CORRECTIVE_INVOICE_TYPES, invoiceType } from '../../bill/invoice-type';
import { canConvertTo } from '../../currency/exchange';
import { identityWithExt } from '../../org/identities';
import type { Addon } from '../../tax/addon-def';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, objects, present, str } from '../../rules/values';
import { deleteExt, docTaxExt, extMap, getExt, hasExt, mergeDocTaxExt, setExt, setExtIfEmpty, setExtOneOf } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';

/** Spain's SII immediate reporting (addon es-sii-v1). */

export const SII = {
  docType: 'es-sii-doc-type',
  correctionType: 'es-sii-correction-type',
  outsideScope: 'es-sii-outside-scope',
  exempt: 'es-sii-exempt',
  regime: 'es-sii-regime',
  identityType: 'es-sii-identity-type',
  thirdPartyIssuer: 'es-sii-third-party-issuer',
  product: 'es-sii-product',
} as const;

const K = SII;

function prepareComboKey(combo: JsonObject): void {
  if (str(combo, 'key') !== '') return;
  let key = keyOfExemptionCode(getExt(combo, K.exempt));
  if (hasExt(combo, K.outsideScope)) key = 'outside-scope';
  combo.key = key || 'standard';
}

export function normalizeSiiCombo(combo: JsonObject): void {
  if (!VAT_OR_IGIC.includes(str(combo, 'cat'))) return;
  const country = str(combo, 'country');
  if (country !== '' && country !== 'ES') {
    setExt(combo, K.outsideScope, 'location');
    setExtOneOf(combo, K.regime, '01', ['17']);
    deleteExt(combo, K.exempt);
    return;
  }
  prepareComboKey(combo);
  const key = str(combo, 'key');
  if (key === 'export') setExtIfEmpty(combo, K.regime, '02');
  setExtIfEmpty(combo, K.regime, '01');
  switch (key) {
    case 'standard':
    case 'zero':
    case 'reverse-charge':
      deleteExt(combo, K.exempt);
      break;
    case 'outside-scope':
      setExtOneOf(combo, K.outsideScope, 'location', ['other']);
      deleteExt(combo, K.exempt);
      break;
    default:
      setExemptionCode(combo, key, K.exempt, K.outsideScope);
  }
}

/** A line's VAT combo says whether it sells goods or services. Runs after the line's combos. */
export function normalizeSiiLine(line: JsonObject): void {
  const item = obj(line, 'item');
  if (!item) return;
  const vat = objects(line, 'taxes').find((c) => str(c, 'cat') === 'VAT');
  if (!vat) return;
  const key = str(item, 'key');
  if (key === 'goods') setExt(vat, K.product, 'goods');
  else if (key === 'services') setExt(vat, K.product, 'services');
}

export function normalizeSiiInvoice(doc: JsonObject): void {
  const merge = (v: Record<string, string>) => mergeDocTaxExt(doc, v);
  normalizeCorrection(doc, K.docType, K.correctionType, merge);
  if (hasTag(doc, 'self-billed')) merge({ [K.thirdPartyIssuer]: 'S' });
  const ordering = obj(doc, 'ordering');
  if (ordering && isObject(ordering.issuer)) merge({ [K.thirdPartyIssuer]: 'S' });
  normalizeCustomerIdentityType(obj(doc, 'customer'), K.identityType);
}

const f = faultMaker('GOBL-ES-SII-BILL-INVOICE');
const fc = faultMaker('GOBL-ES-SII-TAX-COMBO');

export function validateSiiInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const type = invoiceType(doc);
  if (!canConvertTo(doc, 'EUR')) out.push(f('15', 'the invoice must be in EUR or give an exchange rate to EUR', path));
  const preceding = objects(doc, 'preceding');
  if (type === 'corrective' && preceding.length === 0) {
    out.push(f('01', 'a corrective invoice needs preceding documents', `${path}.preceding`));
  }
  preceding.forEach((ref, i) => {
    if (!present(ref, 'issue_date')) out.push(f('02', 'the preceding document needs an issue date', `${path}.preceding[${i}].issue_date`));
  });
  if (type === 'corrective') {
    preceding.forEach((ref, i) => {
      if (!present(ref, 'tax')) out.push(f('03', 'the preceding document needs its tax data', `${path}.preceding[${i}].tax`));
    });
  }
  const simplified = ['F2', 'R5'].includes(docTaxExt(doc, K.docType));
  const customer = obj(doc, 'customer');
  if (!simplified) {
    if (!customer) out.push(f('04', 'a customer is needed', `${path}.customer`));
    else {
      if (!isObject(customer.tax_id) && !identityWithExt(customer, K.identityType)) {
        out.push(f('05', `the customer needs a tax ID or an identity with '${K.identityType}'`, `${path}.customer`));
      }
      const taxId = obj(customer, 'tax_id');
      if (taxId && !present(taxId, 'code')) out.push(f('06', 'the customer tax ID needs a code', `${path}.customer.tax_id.code`));
    }
  }
  const tax = obj(doc, 'tax');
  if (!tax) out.push(f('07', 'tax details are needed', `${path}.tax`));
  else {
    const ext = extMap(tax);
    const docType = ext[K.docType] ?? '';
    if (docType === '') out.push(f('08', `'${K.docType}' is needed`, `${path}.tax.ext`));
    // GOBL's condition "doc type is one of R1–R5" also holds when there is no doc type at all (its extension
    // checks pass on an absent key), so a document without one is asked for a correction type too.
    if ((docType === '' || ['R1', 'R2', 'R3', 'R4', 'R5'].includes(docType)) && !ext[K.correctionType]) {
      out.push(f('09', `'${K.correctionType}' is needed`, `${path}.tax.ext`));
    }
    if (type === 'standard' && docType !== '' && !['F1', 'F2', 'F3'].includes(docType)) {
      out.push(f('10', 'a standard invoice takes document type F1, F2 or F3', `${path}.tax.ext`));
    }
    if (CORRECTIVE_INVOICE_TYPES.includes(type) && docType !== '' && !['R1', 'R2', 'R3', 'R4', 'R5'].includes(docType)) {
      out.push(f('11', 'a corrective invoice takes document type R1 to R5', `${path}.tax.ext`));
    }
  }
  objects(doc, 'notes').forEach((note, i) => {
    if (str(note, 'key') === 'general' && Buffer.byteLength(str(note, 'text'), 'utf8') > 500) {
      out.push(f('12', 'a general note is limited to 500 characters', `${path}.notes[${i}].text`));
    }
  });
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

export function validateSiiCombo(combo: JsonObject, path: string): Fault[] {
  if (!VAT_OR_IGIC.includes(str(combo, 'cat'))) return [];
  const out: Fault[] = [];
  const ext = extMap(combo);
  const at = `${path}.ext`;
  if (!ext[K.regime]) out.push(fc('01', `'${K.regime}' is needed`, at));
  if (ext[K.outsideScope] && ext[K.exempt]) out.push(fc('03', `'${K.exempt}' cannot be set with '${K.outsideScope}'`, at));
  if (ext[K.regime] === '01' && ['E2', 'E3'].includes(ext[K.exempt] ?? '')) {
    out.push(fc('04', 'exemptions E2 and E3 cannot be used with regime 01', at));
  }
  if (combo.percent !== undefined && combo.percent !== null && ext[K.exempt]) {
    out.push(fc('02', `'${K.exempt}' cannot be set on a taxed combo`, at));
  }
  return out;
}

export const esSii: Addon = {
  def: ES_SII_V1,
  correct: moveDocTypeOnCorrection('es-sii-doc-type'),
  normalize(node: JsonObject, kind: NodeKind) {
    if (kind === 'tax/combo') normalizeSiiCombo(node);
    else if (kind === 'bill/line') normalizeSiiLine(node);
    else if (kind === 'bill/invoice') normalizeSiiInvoice(node);
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    if (kind === 'bill/invoice') return validateSiiInvoice(node, path);
    if (kind === 'tax/combo') return validateSiiCombo(node, path);
    return [];
  },
};
