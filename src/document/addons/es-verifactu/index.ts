import type { NodeKind, HookContext } from '../../hooks';
import type { Fault, JsonObject } from '../../types';
import { ES_VERIFACTU_V1 } from './def';
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
import { deleteExt, docTaxExt, extMap, getExt, mergeDocTaxExt, setExt, setExtIfEmpty, setExtOneOf } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';

/** Spain's VERI*FACTU reporting (addon es-verifactu-v1). */

export const VERIFACTU = {
  docType: 'es-verifactu-doc-type',
  correctionType: 'es-verifactu-correction-type',
  opClass: 'es-verifactu-op-class',
  exempt: 'es-verifactu-exempt',
  regime: 'es-verifactu-regime',
  identityType: 'es-verifactu-identity-type',
  issuerType: 'es-verifactu-issuer-type',
} as const;

const K = VERIFACTU;

/** Combos without a key get one from the codes they carry. */
function prepareComboKey(combo: JsonObject): void {
  if (str(combo, 'key') !== '') return;
  let key = keyOfExemptionCode(getExt(combo, K.exempt));
  const op = getExt(combo, K.opClass);
  if (op === 'S2') key = 'reverse-charge';
  else if (op === 'N1' || op === 'N2') key = 'outside-scope';
  combo.key = key || 'standard';
}

export function normalizeVerifactuCombo(combo: JsonObject): void {
  if (!VAT_OR_IGIC.includes(str(combo, 'cat'))) return;
  const country = str(combo, 'country');
  if (country !== '' && country !== 'ES') {
    setExt(combo, K.opClass, 'N2');
    setExtOneOf(combo, K.regime, '01', ['17']);
    deleteExt(combo, K.exempt);
    return;
  }
  prepareComboKey(combo);
  const key = str(combo, 'key');
  if (key === 'export') setExtIfEmpty(combo, K.regime, '02');
  if (combo.surcharge !== undefined && combo.surcharge !== null) setExtIfEmpty(combo, K.regime, '18');
  setExtIfEmpty(combo, K.regime, '01');
  switch (key) {
    case 'standard':
    case 'zero':
      setExt(combo, K.opClass, 'S1');
      deleteExt(combo, K.exempt);
      break;
    case 'reverse-charge':
      setExt(combo, K.opClass, 'S2');
      deleteExt(combo, K.exempt);
      break;
    case 'outside-scope':
      setExtOneOf(combo, K.opClass, 'N2', ['N1']);
      deleteExt(combo, K.exempt);
      break;
    default:
      setExemptionCode(combo, key, K.exempt, K.opClass);
  }
}

export function normalizeVerifactuInvoice(doc: JsonObject): void {
  const merge = (v: Record<string, string>) => mergeDocTaxExt(doc, v);
  normalizeCorrection(doc, K.docType, K.correctionType, merge);
  if (hasTag(doc, 'self-billed')) merge({ [K.issuerType]: 'D' });
  const ordering = obj(doc, 'ordering');
  if (ordering && isObject(ordering.issuer)) merge({ [K.issuerType]: 'T' });
  normalizeCustomerIdentityType(obj(doc, 'customer'), K.identityType);
}

const f = faultMaker('GOBL-ES-VERIFACTU-BILL-INVOICE');
const fc = faultMaker('GOBL-ES-VERIFACTU-TAX-COMBO');

function isSimplified(doc: JsonObject): boolean {
  return ['F2', 'R5'].includes(docTaxExt(doc, K.docType));
}

export function validateVerifactuInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const type = invoiceType(doc);
  if (!canConvertTo(doc, 'EUR')) out.push(f('16', 'the invoice must be in EUR or give an exchange rate to EUR', path));
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
  const customer = obj(doc, 'customer');
  if (isSimplified(doc)) {
    if (customer) {
      if (customer.tax_id !== undefined && customer.tax_id !== null) {
        out.push(f('04', 'a simplified invoice cannot carry a customer tax ID', `${path}.customer.tax_id`));
      }
      if (identityWithExt(customer, K.identityType)) {
        out.push(f('05', 'a simplified invoice cannot carry a customer identity type', `${path}.customer`));
      }
    }
  } else if (!customer) {
    out.push(f('06', 'a customer is needed', `${path}.customer`));
  } else {
    if (!isObject(customer.tax_id) && !identityWithExt(customer, K.identityType)) {
      out.push(f('07', `the customer needs a tax ID or an identity with '${K.identityType}'`, `${path}.customer`));
    }
    const taxId = obj(customer, 'tax_id');
    if (taxId && !present(taxId, 'code')) out.push(f('08', 'the customer tax ID needs a code', `${path}.customer.tax_id.code`));
    objects(customer, 'identities').forEach((id, i) => {
      const code = getExt(id, K.identityType);
      if (code !== '' && code !== '02' && !present(id, 'country')) {
        out.push(f('17', 'an identity of this type needs a country', `${path}.customer.identities[${i}].country`));
      }
    });
  }
  const tax = obj(doc, 'tax');
  if (!tax) {
    out.push(f('09', 'tax details are needed', `${path}.tax`));
  } else {
    const ext = extMap(tax);
    const docType = ext[K.docType] ?? '';
    if (docType === '') out.push(f('10', `'${K.docType}' is needed`, `${path}.tax.ext`));
    // GOBL's condition "doc type is one of R1–R5" also holds when there is no doc type at all (its extension
    // checks pass on an absent key), so a document without one is asked for a correction type too.
    if ((docType === '' || ['R1', 'R2', 'R3', 'R4', 'R5'].includes(docType)) && !ext[K.correctionType]) {
      out.push(f('13', `'${K.correctionType}' is needed for corrective document types`, `${path}.tax.ext`));
    }
    if (type === 'standard' && docType !== '' && !['F1', 'F2', 'F3'].includes(docType)) {
      out.push(f('11', 'a standard invoice takes document type F1, F2 or F3', `${path}.tax.ext`));
    }
    if (CORRECTIVE_INVOICE_TYPES.includes(type) && docType !== '' && !['R1', 'R2', 'R3', 'R4', 'R5'].includes(docType)) {
      out.push(f('12', 'a corrective invoice takes document type R1 to R5', `${path}.tax.ext`));
    }
  }
  objects(doc, 'notes').forEach((note, i) => {
    if (str(note, 'key') === 'general' && Buffer.byteLength(str(note, 'text'), 'utf8') > 500) {
      out.push(f('14', 'a general note is limited to 500 characters', `${path}.notes[${i}].text`));
    }
  });
  objects(doc, 'lines').forEach((line, i) => {
    const cats = objects(line, 'taxes').map((c) => str(c, 'cat'));
    if (!cats.some((c) => ['VAT', 'IGIC', 'IPSI'].includes(c))) {
      out.push(f('15', 'each line needs VAT, IGIC or IPSI', `${path}.lines[${i}].taxes`));
    }
  });
  return out;
}

export function validateVerifactuCombo(combo: JsonObject, path: string): Fault[] {
  if (!VAT_OR_IGIC.includes(str(combo, 'cat'))) return [];
  const out: Fault[] = [];
  const ext = extMap(combo);
  const at = `${path}.ext`;
  if (!ext[K.regime]) out.push(fc('01', `'${K.regime}' is needed`, at));
  if (ext[K.regime] === '01' && ['E2', 'E3'].includes(ext[K.exempt] ?? '')) {
    out.push(fc('02', `exemptions E2 and E3 cannot be used with regime 01`, at));
  }
  if (ext[K.opClass] && ext[K.exempt]) out.push(fc('03', `'${K.opClass}' and '${K.exempt}' exclude each other`, at));
  if (combo.percent !== undefined && combo.percent !== null && !ext[K.opClass]) {
    out.push(fc('04', `'${K.opClass}' is needed for taxed operations`, at));
  }
  return out;
}

export const esVerifactu: Addon = {
  def: ES_VERIFACTU_V1,
  correct: moveDocTypeOnCorrection('es-verifactu-doc-type'),
  normalize(node: JsonObject, kind: NodeKind, _ctx: HookContext) {
    if (kind === 'tax/combo') normalizeVerifactuCombo(node);
    else if (kind === 'bill/invoice') normalizeVerifactuInvoice(node);
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    if (kind === 'bill/invoice') return validateVerifactuInvoice(node, path);
    if (kind === 'tax/combo') return validateVerifactuCombo(node, path);
    return [];
  },
};
