import { hooksByKind } from '../../tax/hooks';
import { Amount, Percentage } from '../../num';
import type { Fault, JsonObject } from '../../base/types';
import { FLOW10_DOC_TYPES, FLOW10_VAT_PERCENTS, FR_CTC_FLOW10_V1 } from './flow10-def';
import {
  FLOW2_CORRECTIVE,
  FLOW2_CREDIT_NOTES,
  FLOW2_DOC_TYPES,
  FLOW2_SELF_BILLED,
  FR_CTC_ADVANCE_TYPES,
  FR_CTC_FLOW2_V1,
} from './flow2-def';
import { canConvertTo } from '../../currency/exchange';
import { ISO_SCHEME_ID, normalizeEnCombo, UNTDID } from '../eu-en16931';
import type { Addon } from '../../tax/addon-def';
import { faultMaker } from '../../rules/fault';
import { obj, objects, present, str } from '../../rules/values';
import { inEU } from '../../tax/eu-members';
import { docTax, docTaxExt, extMap, getExt, setExt } from '../../tax/extensions';

/**
 * France's CTC e-invoicing reform (module gobl.fr.ctc v0.0.3): flow 2, domestic B2B clearance
 * (fr-ctc-flow2-v1, on top of EN 16931), and flow 10, e-reporting of B2C and cross-border sales
 * (fr-ctc-flow10-v1). Flow 6, the lifecycle messages, is in fr-ctc-flow6.ts.
 */

export const FR_CTC = {
  billingMode: 'fr-ctc-billing-mode',
  b2cCategory: 'fr-ctc-flow10-b2c-category',
} as const;

const SIREN = '0002';
const SIRET = '0009';
const PRIVATE_ID = '0224';
const SIREN_INBOX = '0225';
const STC = '0231';
const EU_VAT = '0223';
/** Characters allowed in invoice codes, SIREN inbox codes and private identifiers. */
export const CODE_CHARS = /^[A-Za-z0-9\-+_/]+$/;
const STC_NOTE_TEXT = 'MEMBRE_ASSUJETTI_UNIQUE';

/* ---------- parties and identities, shared by the flows ---------- */

/** Scheme defaults of one identity: SIREN and SIRET types get their ISO 6523 scheme when none is given. */
export function normalizeCtcIdentity(id: JsonObject, privateKey: boolean): void {
  if (privateKey && str(id, 'key') === 'private-id') setExt(id, ISO_SCHEME_ID, PRIVATE_ID);
  const type = str(id, 'type');
  if (type === 'SIREN' && getExt(id, ISO_SCHEME_ID) === '') setExt(id, ISO_SCHEME_ID, SIREN);
  if (type === 'SIRET' && getExt(id, ISO_SCHEME_ID) === '') setExt(id, ISO_SCHEME_ID, SIRET);
}

export function identities(party: JsonObject): JsonObject[] {
  return objects(party, 'identities');
}

function addIdentity(party: JsonObject, id: JsonObject): void {
  const list = Array.isArray(party.identities) ? party.identities : [];
  list.push(id);
  party.identities = list;
}

/** The SIREN of a French VAT code: the first nine digits of a SIRET identity, or the last nine digits of the code. */
function sirenOfTaxCode(party: JsonObject, code: string): string {
  for (const id of identities(party)) {
    if (str(id, 'type') === 'SIRET' && str(id, 'code').length === 14) return str(id, 'code').slice(0, 9);
  }
  const digits = code.replace(/[^0-9]/g, '');
  return digits.length >= 9 ? digits.slice(-9) : digits;
}

/** Adds a legal identity with the scheme unless one with that scheme is there. */
function ensureLegalIdentity(party: JsonObject, type: string, code: string, scheme: string): void {
  if (code === '') return;
  if (identities(party).some((id) => getExt(id, ISO_SCHEME_ID) === scheme)) return;
  const id: JsonObject = { scope: 'legal' };
  if (type !== '') id.type = type;
  id.code = code;
  id.ext = { [ISO_SCHEME_ID]: scheme };
  addIdentity(party, id);
}

/** A SIRET without SIREN gets its SIREN; the SIREN becomes the legal identity when no identity is legal. */
function normalizeIdentityList(party: JsonObject, privateKey: boolean): void {
  const list = identities(party);
  if (list.length === 0) return;
  let siret: JsonObject | undefined;
  let siren: JsonObject | undefined;
  let legal = false;
  for (const id of list) {
    normalizeCtcIdentity(id, privateKey);
    if (str(id, 'type') === 'SIRET') siret = id;
    if (str(id, 'type') === 'SIREN') siren = id;
    if (str(id, 'scope') === 'legal') legal = true;
  }
  if (siret && !siren && str(siret, 'code').length === 14) {
    siren = { type: 'SIREN', code: str(siret, 'code').slice(0, 9), ext: { [ISO_SCHEME_ID]: SIREN } };
    addIdentity(party, siren);
  }
  if (siren && !legal) siren.scope = 'legal';
}

/** The last inbox with the SIREN scheme takes the Peppol key when no inbox has it. */
export function normalizeSirenInbox(party: JsonObject): void {
  const inboxes = objects(party, 'inboxes');
  if (inboxes.some((i) => str(i, 'key') === 'peppol')) return;
  const siren = inboxes.filter((i) => str(i, 'scheme') === SIREN_INBOX).pop();
  if (siren) siren.key = 'peppol';
}

function taxIdOf(party: JsonObject): { country: string; code: string } {
  const t = obj(party, 'tax_id');
  return { country: str(t, 'country'), code: str(t, 'code') };
}

export function normalizeFlow2Party(party: JsonObject): void {
  const { country, code } = taxIdOf(party);
  if (code !== '' && country === 'FR') ensureLegalIdentity(party, 'SIREN', sirenOfTaxCode(party, code), SIREN);
  normalizeIdentityList(party, true);
  normalizeSirenInbox(party);
}

export function normalizeFlow10Party(party: JsonObject): void {
  const { country, code } = taxIdOf(party);
  if (code !== '') {
    if (country === 'FR') ensureLegalIdentity(party, 'SIREN', sirenOfTaxCode(party, code), SIREN);
    else if (country !== '' && inEU(country)) ensureLegalIdentity(party, '', country + code, EU_VAT);
  }
  normalizeIdentityList(party, false);
}

function partySiren(party: JsonObject): string {
  const id = identities(party).find((i) => str(i, 'type') === 'SIREN' || getExt(i, ISO_SCHEME_ID) === SIREN);
  return id ? str(id, 'code') : '';
}

function hasStcIdentity(party: JsonObject | undefined): boolean {
  return !!party && identities(party).some((id) => getExt(id, ISO_SCHEME_ID) === STC);
}

function scopeHas(id: JsonObject, part: string): boolean {
  return str(id, 'scope').split('+').includes(part);
}

/** The party's SIREN inbox (the first with scheme 0225) starts with its SIREN; true when it has no SIREN. */
function sirenInboxMatches(party: JsonObject): boolean {
  const siren = partySiren(party);
  if (siren === '') return true;
  const inbox = objects(party, 'inboxes').find((i) => str(i, 'scheme') === SIREN_INBOX);
  return !!inbox && str(inbox, 'code').startsWith(siren);
}

export function sirenInboxCodeValid(inbox: JsonObject): boolean {
  if (str(inbox, 'scheme') !== SIREN_INBOX) return true;
  const code = str(inbox, 'code');
  return code === '' || (Buffer.byteLength(code) <= 125 && CODE_CHARS.test(code));
}

/** The SIRET and SIREN (the last of each type) agree when both have their usual lengths. */
export function siretSirenCoherent(party: JsonObject): boolean {
  let siret = '';
  let siren = '';
  let hasSiret = false;
  let hasSiren = false;
  for (const id of identities(party)) {
    if (str(id, 'type') === 'SIRET') [siret, hasSiret] = [str(id, 'code'), true];
    if (str(id, 'type') === 'SIREN') [siren, hasSiren] = [str(id, 'code'), true];
  }
  if (!hasSiret || !hasSiren || siret.length !== 14 || siren.length !== 9) return true;
  return siret.startsWith(siren);
}

/** Identity schemes appear at most once (identities without a scheme are not counted). */
export function schemesUnique(party: JsonObject): boolean {
  const seen = new Set<string>();
  for (const id of identities(party)) {
    const scheme = getExt(id, ISO_SCHEME_ID);
    if (scheme === '') continue;
    if (seen.has(scheme)) return false;
    seen.add(scheme);
  }
  return true;
}

export function privateCodeValid(code: string): boolean {
  return Buffer.byteLength(code) <= 100 && CODE_CHARS.test(code);
}

/* ---------- flow 2 ---------- */

const REQUIRED_NOTES: [string, string, string][] = [
  ['payment', 'PMT', 'Conditions de paiement selon les conditions générales de vente.'],
  ['payment-method', 'PMD', 'Pénalités et indemnités de retard applicables conformément aux conditions générales de vente.'],
  ['payment-term', 'AAB', "Aucun escompte n'est accordé pour paiement anticipé."],
];

function notes(doc: JsonObject): JsonObject[] {
  return objects(doc, 'notes');
}

function addNote(doc: JsonObject, note: JsonObject): void {
  const list = Array.isArray(doc.notes) ? doc.notes : [];
  list.push(note);
  doc.notes = list;
}

function subjectOf(note: JsonObject): string {
  return getExt(note, UNTDID.textSubject);
}

function hasStcNote(doc: JsonObject): boolean {
  return notes(doc).some((n) => subjectOf(n) === 'TXD' && str(n, 'text') === STC_NOTE_TEXT);
}

/** GOBL's `Totals.Paid`: a due amount is given and it is zero. */
function totalsPaid(doc: JsonObject): boolean {
  const due = Amount.from(obj(doc, 'totals')?.due);
  return !!due && due.isZero();
}

/** M1 by default, M2 when the invoice is already paid. */
function defaultBillingMode(doc: JsonObject): void {
  const tax = docTax(doc, true) as JsonObject;
  if (getExt(tax, FR_CTC.billingMode) !== '') return;
  setExt(tax, FR_CTC.billingMode, totalsPaid(doc) ? 'M2' : 'M1');
}

export function normalizeFlow2Invoice(doc: JsonObject): void {
  for (const role of ['supplier', 'customer']) {
    const party = obj(doc, role);
    if (party) normalizeFlow2Party(party);
  }
  const tax = docTax(doc, true) as JsonObject;
  tax.rounding = 'currency';
  defaultBillingMode(doc);
  for (const [key, subject, text] of REQUIRED_NOTES) {
    if (notes(doc).some((n) => subjectOf(n) === subject)) continue;
    addNote(doc, { key, text, ext: { [UNTDID.textSubject]: subject } });
  }
  if (hasStcIdentity(obj(doc, 'supplier')) && !hasStcNote(doc)) {
    addNote(doc, { key: 'legal', text: STC_NOTE_TEXT, ext: { [UNTDID.textSubject]: 'TXD' } });
  }
}

/** A code, joined to its series with "-", of 1 to 35 allowed characters; an absent code passes. */
function codeWithSeriesValid(node: JsonObject): boolean {
  const code = str(node, 'code');
  if (code === '') return true;
  const series = str(node, 'series');
  const id = series === '' ? code : `${series}-${code}`;
  return id.length <= 35 && CODE_CHARS.test(id);
}

function countWith<T>(list: T[], test: (v: T) => boolean): number {
  return list.filter(test).length;
}

function amountEquals(a: unknown, b: unknown): boolean {
  const x = Amount.from(a);
  const y = Amount.from(b) ?? Amount.zero();
  return !!x && x.compare(y) === 0;
}

function isZeroAmount(value: unknown): boolean {
  const a = Amount.from(value);
  return !a || a.isZero();
}

/** No due date falls before the issue date. */
function dueDatesValid(doc: JsonObject): boolean {
  const issue = str(doc, 'issue_date');
  const terms = obj(obj(doc, 'payment'), 'terms');
  return objects(terms, 'due_dates').every((dd) => {
    const date = str(dd, 'date');
    return date === '' || issue === '' || date >= issue;
  });
}

const ATTACHMENT_DESCRIPTIONS = [
  'RIB', 'LISIBLE', 'FEUILLE_DE_STYLE', 'PJA', 'BON_LIVRAISON', 'BON_COMMANDE', 'DOCUMENT_ANNEXE', 'BORDEREAU_SUIVI',
  'BORDEREAU_SUIVI_VALIDATION', 'ETAT_ACOMPTE', 'FACTURE_PAIEMENT_DIRECT', 'RECAPITULATIF_COTRAITANCE',
];

const f2 = faultMaker('GOBL-FR-CTC-FLOW2-BILL-INVOICE');
const f2p = faultMaker('GOBL-FR-CTC-FLOW2-ORG-PARTY');
const f2id = faultMaker('GOBL-FR-CTC-FLOW2-ORG-IDENTITY');
const f2in = faultMaker('GOBL-FR-CTC-FLOW2-ORG-INBOX');
const f2it = faultMaker('GOBL-FR-CTC-FLOW2-ORG-ITEM');

function legalSiren(party: JsonObject): boolean {
  return identities(party).some((id) => getExt(id, ISO_SCHEME_ID) === SIREN && scopeHas(id, 'legal'));
}

function flow2PartyFaults(doc: JsonObject, path: string, out: Fault[], docType: string, hasTax: boolean): void {
  const supplier = obj(doc, 'supplier');
  if (supplier) {
    if (!present(supplier, 'inboxes')) out.push(f2('11', 'the supplier needs an inbox (BR-FR-13)', `${path}.supplier.inboxes`));
    if (!legalSiren(supplier)) out.push(f2('12', 'the supplier needs a legal SIREN identity, scheme 0002 (BR-FR-10/11)', `${path}.supplier.identities`));
  }
  const selfBilled = hasTax && FLOW2_SELF_BILLED.includes(docType);
  if (!selfBilled && supplier && !sirenInboxMatches(supplier)) {
    out.push(f2('13', 'the supplier needs a 0225 inbox starting with its SIREN (BR-FR-21/22)', `${path}.supplier`));
  }
  const customer = obj(doc, 'customer');
  if (customer) {
    if (!present(customer, 'inboxes')) out.push(f2('14', 'the customer needs an inbox (BR-FR-13)', `${path}.customer.inboxes`));
    if (!legalSiren(customer)) out.push(f2('15', 'the customer needs a legal SIREN identity, scheme 0002 (BR-FR-10/11)', `${path}.customer.identities`));
    if (selfBilled && !sirenInboxMatches(customer)) {
      out.push(f2('16', 'on a self-billed invoice the customer needs a 0225 inbox starting with its SIREN (BR-FR-21/22)', `${path}.customer`));
    }
  }
}

function flow2OrderingFaults(doc: JsonObject, path: string, out: Fault[], docType: string): void {
  const ordering = obj(doc, 'ordering');
  if (ordering) {
    const ids = objects(ordering, 'identities');
    for (const [code, ref] of [['17', 'AFL'], ['18', 'AWW']]) {
      if (countWith(ids, (id) => getExt(id, 'untdid-reference') === ref) > 1) {
        out.push(f2(code, `the ordering takes at most one identity with reference ${ref} (BR-FR-30)`, `${path}.ordering.identities`));
      }
    }
  }
  if (hasStcIdentity(obj(doc, 'supplier'))) {
    const seller = obj(ordering, 'seller');
    const taxId = obj(seller, 'tax_id');
    if (!ordering) out.push(f2('19', 'a supplier under the STC scheme needs ordering details (BR-FR-CO-15)', `${path}.ordering`));
    else if (!seller) out.push(f2('20', 'a supplier under the STC scheme needs an ordering seller (BR-FR-CO-15)', `${path}.ordering.seller`));
    else if (!taxId) out.push(f2('21', 'a supplier under the STC scheme needs a seller tax ID (BR-FR-CO-15)', `${path}.ordering.seller.tax_id`));
    else if (!present(taxId, 'code')) out.push(f2('22', 'a supplier under the STC scheme needs a seller tax ID code (BR-FR-CO-15)', `${path}.ordering.seller.tax_id.code`));
    if (!hasStcNote(doc)) out.push(f2('23', 'a supplier under the STC scheme needs the TXD note MEMBRE_ASSUJETTI_UNIQUE (BR-FR-CO-14)', `${path}.notes`));
  }
  if (docType === '262') {
    if (!ordering) out.push(f2('24', 'a consolidated credit note needs ordering details (BR-FR-CO-03)', `${path}.ordering`));
    else if (!present(ordering, 'contracts')) out.push(f2('25', 'a consolidated credit note needs contracts (BR-FR-CO-03)', `${path}.ordering.contracts`));
    const delivery = obj(doc, 'delivery');
    if (!delivery) out.push(f2('27', 'a consolidated credit note needs delivery details (BR-FR-CO-03)', `${path}.delivery`));
    else if (!obj(delivery, 'period')) out.push(f2('28', 'a consolidated credit note needs a delivery period (BR-FR-CO-03)', `${path}.delivery.period`));
  }
}

function flow2PaymentFaults(doc: JsonObject, path: string, out: Fault[], docType: string, mode: string, hasTax: boolean): void {
  const finalMode = hasTax && ['B2', 'S2', 'M2'].includes(mode);
  const advanceType = hasTax && FR_CTC_ADVANCE_TYPES.includes(docType);
  if (!advanceType && !finalMode && !dueDatesValid(doc)) {
    out.push(f2('29', 'payment due dates cannot be before the issue date (BR-FR-CO-07)', path));
  }
  if (!finalMode) return;
  const payment = obj(doc, 'payment');
  const terms = obj(payment, 'terms');
  if (!payment) out.push(f2('30', 'an already paid invoice needs payment details (BR-FR-CO-09)', `${path}.payment`));
  else if (!terms) out.push(f2('31', 'an already paid invoice needs payment terms (BR-FR-CO-09)', `${path}.payment.terms`));
  else if (!present(terms, 'due_dates')) out.push(f2('32', 'an already paid invoice needs due dates (BR-FR-CO-09)', `${path}.payment.terms.due_dates`));
  const totals = obj(doc, 'totals');
  if (totals) {
    const advance = totals.advance;
    if (advance === undefined || advance === null) out.push(f2('33', 'an already paid invoice needs an advance (BR-FR-CO-09)', `${path}.totals.advance`));
    else if (!amountEquals(advance, totals.total_with_tax)) {
      out.push(f2('34', 'on an already paid invoice the advance equals the total with tax (BR-FR-CO-09)', `${path}.totals`));
    }
    const left = totals.due !== undefined && totals.due !== null ? totals.due : totals.payable;
    if (!isZeroAmount(left)) out.push(f2('35', 'on an already paid invoice nothing is left to pay (BR-FR-CO-09)', `${path}.totals`));
  }
}

function flow2NoteFaults(doc: JsonObject, path: string, out: Fault[]): void {
  const list = notes(doc);
  if (!present(doc, 'notes')) out.push(f2('36', 'notes are needed (BR-FR-05)', `${path}.notes`));
  const subjects = list.map(subjectOf);
  if (!['PMT', 'PMD', 'AAB'].every((s) => subjects.includes(s))) {
    out.push(f2('37', 'notes with the subjects PMT, PMD and AAB are needed (BR-FR-05)', `${path}.notes`));
  }
  if (['PMT', 'PMD', 'AAB', 'TXD'].some((s) => countWith(subjects, (x) => x === s) > 1)) {
    out.push(f2('38', 'the note subjects PMT, PMD, AAB and TXD appear at most once each (BR-FR-06/BR-FR-30)', `${path}.notes`));
  }
}

function flow2AttachmentFaults(doc: JsonObject, path: string, out: Fault[]): void {
  const list = objects(doc, 'attachments');
  list.forEach((a, i) => {
    const at = `${path}.attachments[${i}].description`;
    const description = str(a, 'description');
    if (description === '') out.push(f2('39', 'an attachment needs a description (BR-FR-17)', at));
    if (!ATTACHMENT_DESCRIPTIONS.includes(description)) out.push(f2('40', 'the attachment description is not one of the accepted values (BR-FR-17)', at));
  });
  if (countWith(list, (a) => str(a, 'description') === 'LISIBLE') > 1) {
    out.push(f2('41', "at most one attachment may be described 'LISIBLE' (BR-FR-18)", `${path}.attachments`));
  }
}

export function validateFlow2Invoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!canConvertTo(doc, 'EUR')) out.push(f2('01', 'the invoice must be in EUR or give an exchange rate to EUR', path));
  if (!codeWithSeriesValid(doc)) out.push(f2('02', 'the series and code must make 1 to 35 letters, digits or -+_/ (BR-FR-01/02)', path));
  objects(doc, 'preceding').forEach((ref, i) => {
    if (!codeWithSeriesValid(ref)) {
      out.push(f2('03', 'the preceding series and code must make 1 to 35 letters, digits or -+_/ (BR-FR-01/02)', `${path}.preceding[${i}]`));
    }
  });
  const tax = obj(doc, 'tax');
  const hasTax = !!tax;
  const docType = docTaxExt(doc, UNTDID.documentType);
  const mode = docTaxExt(doc, FR_CTC.billingMode);
  const preceding = Array.isArray(doc.preceding) ? doc.preceding : [];
  if (hasTax && FLOW2_CORRECTIVE.includes(docType)) {
    if (preceding.length === 0) out.push(f2('04', 'a corrective invoice needs a preceding reference (BR-FR-CO-04)', `${path}.preceding`));
    else if (preceding.length > 1) out.push(f2('05', 'a corrective invoice takes exactly one preceding reference (BR-FR-CO-04)', `${path}.preceding`));
  }
  if (hasTax && FLOW2_CREDIT_NOTES.includes(docType) && preceding.length === 0) {
    out.push(f2('06', 'a credit note needs at least one preceding reference (BR-FR-CO-05)', `${path}.preceding`));
  }
  if (!tax) out.push(f2('07', 'tax details are needed', `${path}.tax`));
  else {
    const ext = extMap(tax);
    const at = `${path}.tax.ext`;
    if (ext[UNTDID.documentType] && !FLOW2_DOC_TYPES.includes(ext[UNTDID.documentType])) {
      out.push(f2('08', 'the document type is not one flow 2 accepts (BR-FR-04)', at));
    }
    if (!ext[FR_CTC.billingMode]) out.push(f2('09', `'${FR_CTC.billingMode}' is needed`, at));
    if (['B4', 'S4', 'M4'].includes(mode) && FR_CTC_ADVANCE_TYPES.includes(docType)) {
      out.push(f2('10', 'a final invoice after a down payment (B4, S4, M4) cannot have an advance payment document type (BR-FR-CO-08)', at));
    }
  }
  flow2PartyFaults(doc, path, out, docType, hasTax);
  flow2OrderingFaults(doc, path, out, docType);
  flow2PaymentFaults(doc, path, out, docType, mode, hasTax);
  flow2NoteFaults(doc, path, out);
  flow2AttachmentFaults(doc, path, out);
  return out;
}

/** Every identity has a scheme, no scheme repeats, private identifiers (0224) have a valid code. */
function flow2SchemesValid(party: JsonObject): boolean {
  const seen = new Set<string>();
  for (const id of identities(party)) {
    const scheme = getExt(id, ISO_SCHEME_ID);
    if (scheme === '' || seen.has(scheme)) return false;
    seen.add(scheme);
    const code = str(id, 'code');
    if (scheme === PRIVATE_ID && code !== '' && !privateCodeValid(code)) return false;
  }
  return true;
}

export function validateFlow2Party(party: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!siretSirenCoherent(party)) out.push(f2p('01', 'the SIRET must start with the SIREN (BR-FR-09/10)', `${path}.identities`));
  if (!flow2SchemesValid(party)) {
    out.push(f2p('02', 'each identity needs its own ISO scheme, and private identifiers a valid code (BR-FR-CO-10)', `${path}.identities`));
  }
  objects(party, 'inboxes').forEach((inbox, i) => {
    if (!sirenInboxCodeValid(inbox)) out.push(f2p('03', 'the inbox code is not valid', `${path}.inboxes[${i}]`));
  });
  return out;
}

function codeFaults(node: JsonObject, path: string, max: number, make: typeof f2id): Fault[] {
  const code = str(node, 'code');
  const out: Fault[] = [];
  if (Buffer.byteLength(code) > max) out.push(make('01', `the code takes at most ${max} characters`, `${path}.code`));
  if (code !== '' && !CODE_CHARS.test(code)) out.push(make('02', 'the code takes only letters, digits and -+_/', `${path}.code`));
  return out;
}

export function validateFlow2Item(item: JsonObject, path: string): Fault[] {
  const meta = obj(item, 'meta');
  if (!meta) return [];
  const blank = Object.values(meta).some((v) => typeof v === 'string' && v.trim() === '');
  return blank ? [f2it('01', 'meta values cannot be blank (BR-FR-28)', `${path}.meta`)] : [];
}

export const frCtcFlow2: Addon = {
  def: FR_CTC_FLOW2_V1,
  ...hooksByKind({
    normalize: {
      'bill/invoice': normalizeFlow2Invoice,
      'org/party': normalizeFlow2Party,
      'org/identity': (node) => normalizeCtcIdentity(node, true),
    },
    validate: {
      'bill/invoice': validateFlow2Invoice,
      'org/party': validateFlow2Party,
      'org/identity': (node, path) => (getExt(node, ISO_SCHEME_ID) === PRIVATE_ID ? codeFaults(node, path, 100, f2id) : []),
      'org/inbox': (node, path) => (str(node, 'scheme') === SIREN_INBOX ? codeFaults(node, path, 125, f2in) : []),
      'org/item': validateFlow2Item,
    },
  }),
};

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

function flow10B2bPartyFaults(party: JsonObject | undefined, at: string, codes: [string, string, string], role: string, out: Fault[]): void {
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
    if (tax && getExt(tax, FR_CTC.b2cCategory) === '') out.push(f10('04', `'${FR_CTC.b2cCategory}' is needed on a B2C invoice (G1.68)`, `${path}.tax.ext`));
    if (!supplier) out.push(f10('05', 'a supplier is needed on a B2C invoice', `${path}.supplier`));
    if (!hasSirenIdentity(supplier)) out.push(f10('06', 'the supplier needs a SIREN identity, scheme 0002, on a B2C invoice', `${path}.supplier`));
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
    objects(doc, 'lines').forEach((line, i) => {
      const at = `${path}.lines[${i}].document`;
      const ref = obj(line, 'document');
      if (!ref) out.push(f10pay('06', 'with a customer, each line needs the document it settles', at));
      else {
        if (!present(ref, 'code')) out.push(f10pay('07', 'with a customer, the settled document needs a code', `${at}.code`));
        if (!present(ref, 'issue_date')) out.push(f10pay('08', 'with a customer, the settled document needs an issue date', `${at}.issue_date`));
      }
    });
  }
  return out;
}

export function validateFlow10Party(party: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!schemesUnique(party)) out.push(f10p('01', 'no two identities may share an ISO scheme (BR-FR-CO-10)', `${path}.identities`));
  identities(party).forEach((id, i) => {
    if (getExt(id, ISO_SCHEME_ID) === '') out.push(f10p('02', `'${ISO_SCHEME_ID}' is needed (BR-FR-CO-10)`, `${path}.identities[${i}].ext`));
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
