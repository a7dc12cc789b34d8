import { hooksByKind } from '../../tax/hooks';
import { Amount } from '../../num';
import type { Fault, JsonObject } from '../../base/types';
import {
  FLOW2_CORRECTIVE,
  FLOW2_CREDIT_NOTES,
  FLOW2_DOC_TYPES,
  FLOW2_SELF_BILLED,
  FR_CTC_ADVANCE_TYPES,
  FR_CTC_FLOW2_V1,
} from './flow2-def';
import { canConvertTo } from '../../currency/exchange';
import { ISO_SCHEME_ID, UNTDID } from '../eu-en16931';
import type { Addon } from '../../tax/addon-def';
import { faultMaker } from '../../rules/fault';
import { obj, objects, present, str } from '../../rules/values';
import { docTax, docTaxExt, extMap, getExt, setExt } from '../../tax/extensions';
import {
  CODE_CHARS,
  FR_CTC,
  PRIVATE_ID,
  SIREN,
  SIREN_INBOX,
  STC_NOTE_TEXT,
  hasStcIdentity,
  identities,
  normalizeCtcIdentity,
  normalizeFlow2Party,
  privateCodeValid,
  scopeHas,
  sirenInboxCodeValid,
  sirenInboxMatches,
  siretSirenCoherent,
} from './parties';

/** France's CTC flow 2: domestic B2B clearance invoices (fr-ctc-flow2-v1, on top of EN 16931). */

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
export function defaultBillingMode(doc: JsonObject): void {
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
  'RIB',
  'LISIBLE',
  'FEUILLE_DE_STYLE',
  'PJA',
  'BON_LIVRAISON',
  'BON_COMMANDE',
  'DOCUMENT_ANNEXE',
  'BORDEREAU_SUIVI',
  'BORDEREAU_SUIVI_VALIDATION',
  'ETAT_ACOMPTE',
  'FACTURE_PAIEMENT_DIRECT',
  'RECAPITULATIF_COTRAITANCE',
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
    if (!legalSiren(supplier))
      out.push(f2('12', 'the supplier needs a legal SIREN identity, scheme 0002 (BR-FR-10/11)', `${path}.supplier.identities`));
  }
  const selfBilled = hasTax && FLOW2_SELF_BILLED.includes(docType);
  if (!selfBilled && supplier && !sirenInboxMatches(supplier)) {
    out.push(f2('13', 'the supplier needs a 0225 inbox starting with its SIREN (BR-FR-21/22)', `${path}.supplier`));
  }
  const customer = obj(doc, 'customer');
  if (customer) {
    if (!present(customer, 'inboxes')) out.push(f2('14', 'the customer needs an inbox (BR-FR-13)', `${path}.customer.inboxes`));
    if (!legalSiren(customer))
      out.push(f2('15', 'the customer needs a legal SIREN identity, scheme 0002 (BR-FR-10/11)', `${path}.customer.identities`));
    if (selfBilled && !sirenInboxMatches(customer)) {
      out.push(
        f2('16', 'on a self-billed invoice the customer needs a 0225 inbox starting with its SIREN (BR-FR-21/22)', `${path}.customer`),
      );
    }
  }
}

function flow2OrderingFaults(doc: JsonObject, path: string, out: Fault[], docType: string): void {
  const ordering = obj(doc, 'ordering');
  if (ordering) {
    const ids = objects(ordering, 'identities');
    for (const [code, ref] of [
      ['17', 'AFL'],
      ['18', 'AWW'],
    ]) {
      if (countWith(ids, (id) => getExt(id, 'untdid-reference') === ref) > 1) {
        out.push(f2(code, `the ordering takes at most one identity with reference ${ref} (BR-FR-30)`, `${path}.ordering.identities`));
      }
    }
  }
  if (hasStcIdentity(obj(doc, 'supplier'))) {
    const seller = obj(ordering, 'seller');
    const taxId = obj(seller, 'tax_id');
    if (!ordering) out.push(f2('19', 'a supplier under the STC scheme needs ordering details (BR-FR-CO-15)', `${path}.ordering`));
    else if (!seller)
      out.push(f2('20', 'a supplier under the STC scheme needs an ordering seller (BR-FR-CO-15)', `${path}.ordering.seller`));
    else if (!taxId)
      out.push(f2('21', 'a supplier under the STC scheme needs a seller tax ID (BR-FR-CO-15)', `${path}.ordering.seller.tax_id`));
    else if (!present(taxId, 'code'))
      out.push(f2('22', 'a supplier under the STC scheme needs a seller tax ID code (BR-FR-CO-15)', `${path}.ordering.seller.tax_id.code`));
    if (!hasStcNote(doc))
      out.push(f2('23', 'a supplier under the STC scheme needs the TXD note MEMBRE_ASSUJETTI_UNIQUE (BR-FR-CO-14)', `${path}.notes`));
  }
  if (docType === '262') {
    if (!ordering) out.push(f2('24', 'a consolidated credit note needs ordering details (BR-FR-CO-03)', `${path}.ordering`));
    else if (!present(ordering, 'contracts'))
      out.push(f2('25', 'a consolidated credit note needs contracts (BR-FR-CO-03)', `${path}.ordering.contracts`));
    const delivery = obj(doc, 'delivery');
    if (!delivery) out.push(f2('27', 'a consolidated credit note needs delivery details (BR-FR-CO-03)', `${path}.delivery`));
    else if (!obj(delivery, 'period'))
      out.push(f2('28', 'a consolidated credit note needs a delivery period (BR-FR-CO-03)', `${path}.delivery.period`));
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
  else if (!present(terms, 'due_dates'))
    out.push(f2('32', 'an already paid invoice needs due dates (BR-FR-CO-09)', `${path}.payment.terms.due_dates`));
  const totals = obj(doc, 'totals');
  if (totals) {
    const advance = totals.advance;
    if (advance === undefined || advance === null)
      out.push(f2('33', 'an already paid invoice needs an advance (BR-FR-CO-09)', `${path}.totals.advance`));
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
    if (!ATTACHMENT_DESCRIPTIONS.includes(description))
      out.push(f2('40', 'the attachment description is not one of the accepted values (BR-FR-17)', at));
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
      out.push(
        f2('03', 'the preceding series and code must make 1 to 35 letters, digits or -+_/ (BR-FR-01/02)', `${path}.preceding[${i}]`),
      );
    }
  });
  const tax = obj(doc, 'tax');
  const hasTax = !!tax;
  const docType = docTaxExt(doc, UNTDID.documentType);
  const mode = docTaxExt(doc, FR_CTC.billingMode);
  const preceding = Array.isArray(doc.preceding) ? doc.preceding : [];
  if (hasTax && FLOW2_CORRECTIVE.includes(docType)) {
    if (preceding.length === 0) out.push(f2('04', 'a corrective invoice needs a preceding reference (BR-FR-CO-04)', `${path}.preceding`));
    else if (preceding.length > 1)
      out.push(f2('05', 'a corrective invoice takes exactly one preceding reference (BR-FR-CO-04)', `${path}.preceding`));
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
      out.push(
        f2('10', 'a final invoice after a down payment (B4, S4, M4) cannot have an advance payment document type (BR-FR-CO-08)', at),
      );
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
