import Decimal from 'decimal.js';
import type { NodeKind } from '../../pipeline/hooks';
import type { Fault, JsonObject } from '../../pipeline/types';
import { FR_CHORUSPRO_V1 } from './def';
import { canConvertTo } from '../../currency/exchange';
import type { Addon } from '../../tax/addon-def';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, objects, present, str } from '../../rules/values';
import { inEU } from '../../tax/eu-members';
import { docTax, getExt, hasExt, mergeExt } from '../../tax/extensions';

/** France's Chorus Pro public sector platform (addon fr-choruspro-v1, requires eu-en16931-v2017). */

export const CHORUSPRO = {
  framework: 'fr-choruspro-framework',
  scheme: 'fr-choruspro-scheme',
} as const;

const K = CHORUSPRO;

export function normalizeChorusInvoice(doc: JsonObject): void {
  const tax = docTax(doc, true) as JsonObject;
  if (!hasExt(tax, K.framework)) mergeExt(tax, { [K.framework]: 'A1' });
}

/** Quantities keep at most four decimals, rounded half away from zero. */
export function normalizeChorusLine(line: JsonObject): void {
  const q = line.quantity;
  if (typeof q !== 'string') return;
  const m = /^-?\d+\.(\d+)$/.exec(q.trim());
  if (!m || m[1].length <= 4) return;
  line.quantity = new Decimal(q.trim()).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
}

export function normalizeChorusParty(party: JsonObject): void {
  if (getExt(party, K.scheme) !== '') return;
  const taxId = obj(party, 'tax_id');
  if (taxId && str(taxId, 'country') !== 'FR') {
    mergeExt(party, { [K.scheme]: inEU(str(taxId, 'country')) ? '2' : '3' });
    return;
  }
  if (objects(party, 'identities').some((id) => str(id, 'type') === 'SIRET')) mergeExt(party, { [K.scheme]: '1' });
}

const f = faultMaker('GOBL-FR-CHORUSPRO-BILL-INVOICE');
const fp = faultMaker('GOBL-FR-CHORUSPRO-ORG-PARTY');

function isZeroAmount(value: unknown): boolean {
  return typeof value === 'string' && /^-?0*(\.0*)?$/.test(value);
}

export function validateChorusInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!canConvertTo(doc, 'EUR')) out.push(f('07', 'the invoice must be in EUR or give an exchange rate to EUR', path));
  const customer = obj(doc, 'customer');
  if (customer) {
    const scheme = getExt(customer, K.scheme);
    if (scheme !== '' && scheme !== '1') out.push(f('01', "the customer scheme must be '1'", `${path}.customer.ext`));
    if (!present(customer, 'identities')) out.push(f('02', 'the customer needs identities', `${path}.customer.identities`));
  }
  const tax = obj(doc, 'tax');
  if (!tax) out.push(f('03', 'tax details are needed', `${path}.tax`));
  else if (!present(tax, 'ext')) out.push(f('04', 'tax extensions are needed', `${path}.tax.ext`));
  else if (!hasExt(tax, K.framework)) out.push(f('05', `'${K.framework}' is needed`, `${path}.tax.ext`));
  if (getExt(tax, K.framework) === 'A2') {
    const totals = obj(doc, 'totals');
    if (!(totals && isObject(totals) && isZeroAmount(totals.due))) out.push(f('06', 'framework A2 needs the invoice paid in full', `${path}.totals`));
  }
  return out;
}

export function validateChorusParty(party: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const scheme = getExt(party, K.scheme);
  const siret = objects(party, 'identities').some((id) => str(id, 'type') === 'SIRET');
  const taxId = obj(party, 'tax_id');
  const country = str(taxId, 'country');
  if (scheme === '') out.push(fp('01', `'${K.scheme}' is needed`, `${path}.ext`));
  if (scheme === '1') {
    if (!siret) out.push(fp('02', "scheme '1' needs a SIRET identity", `${path}.identities`));
    if (taxId && country !== 'FR') out.push(fp('03', "scheme '1' needs a French tax ID", `${path}.tax_id.country`));
  }
  if (scheme !== '' && scheme !== '1' && siret) out.push(fp('04', "only scheme '1' takes a SIRET identity", `${path}.identities`));
  if (scheme === '2' && taxId && country !== '') {
    if (country === 'FR') out.push(fp('05', "scheme '2' is for companies outside France", `${path}.tax_id.country`));
    if (!inEU(country)) out.push(fp('06', "scheme '2' is for EU companies", `${path}.tax_id.country`));
  }
  if (scheme === '3' && taxId && country !== '' && inEU(country)) {
    out.push(fp('07', "scheme '3' is for companies outside the EU", `${path}.tax_id.country`));
  }
  return out;
}

export const frChoruspro: Addon = {
  def: FR_CHORUSPRO_V1,
  normalize(node: JsonObject, kind: NodeKind) {
    if (kind === 'bill/invoice') normalizeChorusInvoice(node);
    else if (kind === 'bill/line') normalizeChorusLine(node);
    else if (kind === 'org/party') normalizeChorusParty(node);
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    if (kind === 'bill/invoice') return validateChorusInvoice(node, path);
    if (kind === 'org/party') return validateChorusParty(node, path);
    return [];
  },
};
