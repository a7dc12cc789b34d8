import type { NodeKind, HookContext } from '../../pipeline/hooks';
import type { Fault, JsonObject } from '../../pipeline/types';
import { ES_VERIFACTU_V1 } from './def';
import { moveDocTypeOnCorrection, normalizeCorrection } from '../es-common/correction';
import { normalizeCustomerIdentityType } from '../es-common/customer-identity';
import { codeSpanishCombo, type SpanishComboCoding } from '../es-common/combo-codes';
import { docTypeFaults, generalNoteFaults, identifiedCustomerFaults, precedingFaults } from '../es-common/invoice-checks';
import { VAT_OR_IGIC } from '../es-common/vat-categories';
import { canConvertTo } from '../../currency/exchange';
import { identityWithExt } from '../../org/identities';
import type { Addon } from '../../tax/addon-def';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, objects, present, str } from '../../rules/values';
import { docTaxExt, extMap, getExt, mergeDocTaxExt } from '../../tax/extensions';
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

const COMBO_CODING: SpanishComboCoding = {
  exempt: K.exempt,
  regime: K.regime,
  classification: K.opClass,
  foreign: 'N2',
  byKey: { standard: { code: 'S1' }, zero: { code: 'S1' }, 'reverse-charge': { code: 'S2' }, 'outside-scope': { code: 'N2', keep: ['N1'] } },
  keyOf: (code) => (code === 'S2' ? 'reverse-charge' : code === 'N1' || code === 'N2' ? 'outside-scope' : ''),
  surchargeRegime: '18',
};

export function normalizeVerifactuCombo(combo: JsonObject): void {
  codeSpanishCombo(combo, COMBO_CODING);
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
  if (!canConvertTo(doc, 'EUR')) out.push(f('16', 'the invoice must be in EUR or give an exchange rate to EUR', path));
  out.push(...precedingFaults(doc, path, f, { missing: '01', issueDate: '02', tax: '03' }));
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
  } else {
    out.push(...identifiedCustomerFaults(customer, path, K.identityType, f, { missing: '06', identified: '07', taxIdCode: '08' }));
    objects(customer, 'identities').forEach((id, i) => {
      const code = getExt(id, K.identityType);
      if (code !== '' && code !== '02' && !present(id, 'country')) {
        out.push(f('17', 'an identity of this type needs a country', `${path}.customer.identities[${i}].country`));
      }
    });
  }
  out.push(...docTypeFaults(doc, path, K, f, { tax: '09', docType: '10', correctionType: '13', standard: '11', corrective: '12' }));
  out.push(...generalNoteFaults(doc, path, f, '14'));
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
