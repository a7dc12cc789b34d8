import type { NodeKind } from '../../pipeline/hooks';
import type { Fault, JsonObject } from '../../pipeline/types';
import { ES_SII_V1 } from './def';
import { moveDocTypeOnCorrection, normalizeCorrection } from '../es-common/correction';
import { normalizeCustomerIdentityType } from '../es-common/customer-identity';
import { codeSpanishCombo, type SpanishComboCoding } from '../es-common/combo-codes';
import { docTypeFaults, generalNoteFaults, identifiedCustomerFaults, precedingFaults } from '../es-common/invoice-checks';
import { VAT_OR_IGIC } from '../es-common/vat-categories';
import { canConvertTo } from '../../currency/exchange';
import type { Addon } from '../../tax/addon-def';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, objects, str } from '../../rules/values';
import { docTaxExt, extMap, getExt, hasExt, mergeDocTaxExt, setExt } from '../../tax/extensions';
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

const COMBO_CODING: SpanishComboCoding = {
  exempt: K.exempt,
  regime: K.regime,
  classification: K.outsideScope,
  foreign: 'location',
  byKey: { standard: {}, zero: {}, 'reverse-charge': {}, 'outside-scope': { code: 'location', keep: ['other'] } },
  keyOf: (code) => (code !== '' ? 'outside-scope' : ''),
};

export function normalizeSiiCombo(combo: JsonObject): void {
  codeSpanishCombo(combo, COMBO_CODING);
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
  if (!canConvertTo(doc, 'EUR')) out.push(f('15', 'the invoice must be in EUR or give an exchange rate to EUR', path));
  out.push(...precedingFaults(doc, path, f, { missing: '01', issueDate: '02', tax: '03' }));
  const simplified = ['F2', 'R5'].includes(docTaxExt(doc, K.docType));
  if (!simplified) out.push(...identifiedCustomerFaults(obj(doc, 'customer'), path, K.identityType, f, { missing: '04', identified: '05', taxIdCode: '06' }));
  out.push(...docTypeFaults(doc, path, K, f, { tax: '07', docType: '08', correctionType: '09', standard: '10', corrective: '11' }));
  out.push(...generalNoteFaults(doc, path, f, '12'));
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
