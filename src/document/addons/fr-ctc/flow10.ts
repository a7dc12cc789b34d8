import { hooksByKind } from '../../tax/hooks';
import { Percentage } from '../../num';
import type { Fault, JsonObject } from '../../base/types';
import { FLOW10_DOC_TYPES, FLOW10_VAT_PERCENTS, FR_CTC_FLOW10_V1 } from './flow10-def';
import { FR_CTC_ADVANCE_TYPES } from './flow2-def';
import { canConvertTo } from '../../currency/exchange';
import { ISO_SCHEME_ID, normalizeEnCombo, UNTDID } from '../eu-en16931';
import type { Addon } from '../../tax/addon-def';
import { faultMaker } from '../../rules/fault';
import { obj, objects, present, str } from '../../rules/values';
import { docTax, extMap, getExt, setExt } from '../../tax/extensions';
import { EU_VAT, FR_CTC, SIREN, identities, normalizeCtcIdentity, normalizeFlow10Party, schemesUnique } from './parties';
import { defaultBillingMode } from './flow2';
import { settledDocumentFaults } from './settled-documents';

/** France's CTC flow 10: e-reporting of B2C and cross-border sales (fr-ctc-flow10-v1). */

/* ---------- flow 10 ---------- */

const LEGAL_SCHEMES = [SIREN, EU_VAT, '0227', '0228', '0229'];
const VAT_ID_SCHEMES = [SIREN, EU_VAT];
const VAT_PERCENTS = FLOW10_VAT_PERCENTS.map((p) => Percentage.parse(p));

export function normalizeFlow10Invoice(doc: JsonObject): void {
  for (const role of ['supplier', 'customer']) {
    const party = obj(doc, role);
    if (party) normalizeFlow10Party(party);
  }
  if (!obj(doc, 'customer')) {
    const tax = docTax(doc, true) as JsonObject;
    if (getExt(tax, FR_CTC.b2cCategory) === '') setExt(tax, FR_CTC.b2cCategory, 'TNT1');
    return;
  }
  defaultBillingMode(doc);
}

/** The scheme of the party's legal identity: the first identity with scope "legal", else the first accepted scheme. */
function legalScheme(party: JsonObject): string {
  let fallback = '';
  for (const id of identities(party)) {
    const scheme = getExt(id, ISO_SCHEME_ID);
    if (scheme === '') continue;
    if (str(id, 'scope') === 'legal') return scheme;
    if (fallback === '' && LEGAL_SCHEMES.includes(scheme)) fallback = scheme;
  }
  return fallback;
}

function hasSirenIdentity(party: JsonObject | undefined): boolean {
  return !!party && identities(party).some((id) => str(id, 'type') === 'SIREN' || getExt(id, ISO_SCHEME_ID) === SIREN);
}

function hasTaxCode(party: JsonObject | undefined): boolean {
  return present(obj(party, 'tax_id'), 'code');
}

function percentAllowed(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  let p: Percentage | undefined;
  try {
    p = Percentage.from(value);
  } catch {
    return true;
  }
  return !p || VAT_PERCENTS.some((a) => a.compare(p as Percentage) === 0);
}

function vatCombos(doc: JsonObject): JsonObject[] {
  return objects(doc, 'lines').flatMap((l) => objects(l, 'taxes').filter((c) => str(c, 'cat') === 'VAT'));
}

const f10 = faultMaker('GOBL-FR-CTC-FLOW10-BILL-INVOICE');
const f10pay = faultMaker('GOBL-FR-CTC-FLOW10-BILL-PAYMENT');
const f10p = faultMaker('GOBL-FR-CTC-FLOW10-ORG-PARTY');

function countryFaults(doc: JsonObject, path: string, role: string, code: string, out: Fault[]): void {
  objects(obj(doc, role), 'addresses').forEach((a, i) => {
    if (!present(a, 'country')) out.push(f10(code, `the ${role} address needs a country`, `${path}.${role}.addresses[${i}].country`));
  });
}

function flow10B2bPartyFaults(
  party: JsonObject | undefined,
  at: string,
  codes: [string, string, string],
  role: string,
  out: Fault[],
): void {
  if (!party) {
    out.push(f10(codes[0], `a ${role} is needed on a cross-border B2B invoice (G2.19)`, at));
    out.push(f10(codes[1], `the ${role} needs a legal identity with scheme 0002, 0223, 0227, 0228 or 0229 (G2.19)`, at));
    return;
  }
  const scheme = legalScheme(party);
  if (!LEGAL_SCHEMES.includes(scheme)) {
    out.push(f10(codes[1], `the ${role} needs a legal identity with scheme 0002, 0223, 0227, 0228 or 0229 (G2.19)`, at));
  }
  if (VAT_ID_SCHEMES.includes(scheme) && !hasTaxCode(party)) {
    out.push(f10(codes[2], `the ${role} needs a tax ID code with a legal identity of scheme 0002 or 0223 (G2.33)`, at));
  }
}

export function validateFlow10Invoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!canConvertTo(doc, 'EUR')) out.push(f10('01', 'the invoice must be in EUR or give an exchange rate to EUR', path));
  countryFaults(doc, path, 'supplier', '02', out);
  countryFaults(doc, path, 'customer', '03', out);
  const supplier = obj(doc, 'supplier');
  const tax = obj(doc, 'tax');
  if (!obj(doc, 'customer')) {
    if (tax && getExt(tax, FR_CTC.b2cCategory) === '')
      out.push(f10('04', `'${FR_CTC.b2cCategory}' is needed on a B2C invoice (G1.68)`, `${path}.tax.ext`));
    if (!supplier) out.push(f10('05', 'a supplier is needed on a B2C invoice', `${path}.supplier`));
    if (!hasSirenIdentity(supplier))
      out.push(f10('06', 'the supplier needs a SIREN identity, scheme 0002, on a B2C invoice', `${path}.supplier`));
    if (!vatCombos(doc).every((c) => percentAllowed(c.percent))) {
      out.push(f10('07', 'a VAT percent is not one flow 10 accepts (G1.24)', path));
    }
    return out;
  }
  if (tax) {
    const ext = extMap(tax);
    const at = `${path}.tax.ext`;
    if (ext[UNTDID.documentType] && !FLOW10_DOC_TYPES.includes(ext[UNTDID.documentType])) {
      out.push(f10('08', 'the document type is not one flow 10 accepts', at));
    }
    if (!ext[FR_CTC.billingMode]) out.push(f10('09', `'${FR_CTC.billingMode}' is needed (G1.02)`, at));
    if (['B4', 'S4', 'M4'].includes(ext[FR_CTC.billingMode]) && FR_CTC_ADVANCE_TYPES.includes(ext[UNTDID.documentType])) {
      out.push(f10('10', 'a final invoice after a down payment (B4, S4, M4) cannot have an advance payment document type (G1.60)', at));
    }
  }
  flow10B2bPartyFaults(supplier, `${path}.supplier`, ['11', '12', '13'], 'supplier', out);
  if (vatCombos(doc).some((c) => getExt(c, UNTDID.taxCategory) === 'E')) {
    if (!hasTaxCode(supplier) && !hasTaxCode(obj(obj(doc, 'ordering'), 'seller'))) {
      out.push(f10('14', 'an exempt VAT line needs a supplier or ordering seller tax ID code', path));
    }
    const exemptNote = objects(tax, 'notes').some((n) => str(n, 'key') === 'exempt' && str(n, 'text') !== '');
    if (!exemptNote) out.push(f10('15', 'an exempt VAT line needs a tax note with key exempt and a text', path));
  }
  flow10B2bPartyFaults(obj(doc, 'customer'), `${path}.customer`, ['16', '17', '18'], 'customer', out);
  return out;
}

export function validateFlow10Payment(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (str(doc, 'type') !== 'receipt') out.push(f10pay('01', "the payment type must be 'receipt'", `${path}.type`));
  if (!present(doc, 'value_date')) out.push(f10pay('02', 'a value date (settlement date) is needed', `${path}.value_date`));
  const percents = objects(doc, 'lines').flatMap((l) =>
    objects(obj(l, 'tax'), 'categories')
      .filter((c) => str(c, 'code') === 'VAT')
      .flatMap((c) => objects(c, 'rates').map((r) => r.percent)),
  );
  if (!percents.every(percentAllowed)) out.push(f10pay('03', 'a VAT percent is not one flow 10 accepts (G1.24)', path));
  const supplier = obj(doc, 'supplier');
  if (!supplier) out.push(f10pay('04', 'a supplier is needed', `${path}.supplier`));
  if (!hasSirenIdentity(supplier)) out.push(f10pay('05', 'the supplier needs a SIREN identity, scheme 0002', `${path}.supplier`));
  if (obj(doc, 'customer')) {
    out.push(
      ...settledDocumentFaults(doc, path, {
        document: f10pay.bind(null, '06', 'with a customer, each line needs the document it settles'),
        code: f10pay.bind(null, '07', 'with a customer, the settled document needs a code'),
        issueDate: f10pay.bind(null, '08', 'with a customer, the settled document needs an issue date'),
      }),
    );
  }
  return out;
}

export function validateFlow10Party(party: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!schemesUnique(party)) out.push(f10p('01', 'no two identities may share an ISO scheme (BR-FR-CO-10)', `${path}.identities`));
  identities(party).forEach((id, i) => {
    if (getExt(id, ISO_SCHEME_ID) === '')
      out.push(f10p('02', `'${ISO_SCHEME_ID}' is needed (BR-FR-CO-10)`, `${path}.identities[${i}].ext`));
  });
  return out;
}

export const frCtcFlow10: Addon = {
  def: FR_CTC_FLOW10_V1,
  ...hooksByKind({
    normalize: {
      'bill/invoice': normalizeFlow10Invoice,
      'org/party': normalizeFlow10Party,
      'org/identity': (node) => normalizeCtcIdentity(node, false),
      'tax/combo': normalizeEnCombo,
    },
    validate: {
      'bill/invoice': validateFlow10Invoice,
      'bill/payment': validateFlow10Payment,
      'org/party': validateFlow10Party,
    },
  }),
};
