import { UNTDID } from '../../document/addons/eu-en16931';
import { keyForCategory } from '../../document/addons/eu-en16931/tax-combo';
import type { Fault, JsonObject } from '../../document';
import type { ReadResult } from '../reading';
import { adjustmentsOf, goblLine, goblPeriod, REFERENCE_SCHEME, type Exemptions } from './read-lines';
import { compact, goblParty, schemedIdentity } from './read-party';
import { goblPayment } from './read-payment';
import type { ReadInvoice, RequiredPaths } from './read-terms';
import { invoiceKind, noteKey } from './reverse-codes';

/**
 * A received invoice's business terms, as either syntax extracted them, made into a GOBL invoice: not calculated,
 * for the engine to calculate and judge as it does any document, its totals recalculated beside those the sender
 * stated. Only a document that cannot be read as an invoice at all is refused.
 */

const INVOICE_SCHEMA = 'https://gobl.org/draft-0/bill/invoice';
const EN16931_ADDON = 'eu-en16931-v2017';
const XRECHNUNG_ADDON = 'de-xrechnung-v3';

/** The addons of a document: EN 16931's, and XRechnung's where its specification (BT-24) names XRechnung. */
const addonsOf = (customizationId: string | undefined): string[] =>
  /xrechnung/i.test(customizationId ?? '') ? [EN16931_ADDON, XRECHNUNG_ADDON] : [EN16931_ADDON];

/** The terms without which there is no invoice to read, each with the rule of EN 16931 that asks for it. */
const REQUIRED: { term: keyof RequiredPaths; rule: string; what: string; missing: (read: ReadInvoice) => boolean }[] = [
  { term: 'number', rule: 'BR-02', what: 'the invoice number (BT-1)', missing: (read) => read.number === undefined },
  { term: 'issueDate', rule: 'BR-03', what: 'the issue date (BT-2)', missing: (read) => read.issueDate === undefined },
  { term: 'currency', rule: 'BR-05', what: 'the invoice currency (BT-5)', missing: (read) => read.currency === undefined },
  {
    term: 'sellerName',
    rule: 'BR-06',
    what: "the seller's name (BT-27)",
    missing: (read) => !read.seller?.name && !read.seller?.tradingName,
  },
  { term: 'lines', rule: 'BR-16', what: 'an invoice line (BG-25)', missing: (read) => read.lines.length === 0 },
];

/** The faults of a document that cannot be read: a required term missing (where it is not already unreadable). */
function requiredFaults(read: ReadInvoice, paths: RequiredPaths, faults: Fault[]): Fault[] {
  return REQUIRED.filter(({ term, missing }) => missing(read) && !faults.some((fault) => fault.paths.includes(paths[term]))).map(
    ({ term, rule, what }) => ({
      code: rule,
      message: `${what} is missing: the document cannot be read as an invoice`,
      paths: [paths[term]],
    }),
  );
}

/** The VATEX code of each exempt category, from the VAT breakdown (EN 16931 gives it once per category). */
function exemptionsOf(read: ReadInvoice): Exemptions {
  const exemptions = new Map<string, string>();
  for (const row of read.vatBreakdown) {
    if (row.category && row.exemptionCode && !exemptions.has(row.category)) exemptions.set(row.category, row.exemptionCode);
  }
  return exemptions;
}

/** The exemption reasons' texts (BT-120) as GOBL's tax notes, one per VAT category. */
function taxNotes(read: ReadInvoice): JsonObject[] {
  const notes = new Map<string, JsonObject>();
  for (const row of read.vatBreakdown) {
    if (!row.category || !row.exemptionReason || notes.has(row.category)) continue;
    const key = keyForCategory(row.category);
    notes.set(
      row.category,
      compact({ cat: 'VAT', key: key || undefined, text: row.exemptionReason, ext: { [UNTDID.taxCategory]: row.category } }),
    );
  }
  return [...notes.values()];
}

const refs = (codes: string[]): JsonObject[] => codes.map((code) => ({ code }));

/** The references to other documents (BT-10 to BT-19) and the invoicing period (BG-14), as GOBL's ordering. */
function ordering(read: ReadInvoice): JsonObject | undefined {
  const node = compact({
    code: read.buyerReference,
    identities: read.invoicedObjects.map((object) =>
      compact({ code: object.id, ext: object.scheme ? { [REFERENCE_SCHEME]: object.scheme } : undefined }),
    ),
    cost: read.accountingCost,
    period: goblPeriod(read.period),
    projects: read.projects.map((project) => compact({ code: project.id, description: project.name })),
    contracts: refs(read.contracts),
    purchases: refs(read.purchaseOrder ? [read.purchaseOrder] : []),
    sales: refs(read.salesOrder ? [read.salesOrder] : []),
    receiving: refs(read.receivingAdvices),
    despatch: refs(read.despatchAdvices),
    tender: refs(read.tenders),
  });
  return Object.keys(node).length > 0 ? node : undefined;
}

/** The delivery (BG-13): the deliver-to party's name and address as the receiver, its location, the date. */
function delivery(read: ReadInvoice): JsonObject | undefined {
  const given = read.delivery;
  if (!given) return undefined;
  const node = compact({
    receiver: goblParty(given.party),
    identities: given.location ? [schemedIdentity(given.location)] : undefined,
    date: given.date,
  });
  return Object.keys(node).length > 0 ? node : undefined;
}

/** The notes (BG-1), with their subject (BT-21) as the addon's extension and as GOBL's key where it has one. */
const notes = (read: ReadInvoice): JsonObject[] =>
  read.notes.map((note) =>
    compact({
      key: note.subject ? noteKey(note.subject) : undefined,
      text: note.text,
      ext: note.subject ? { [UNTDID.textSubject]: note.subject } : undefined,
    }),
  );

/**
 * The GOBL invoice of a received document's terms, or the faults of one that cannot be read: `faults` are those its
 * syntax's reader met (values that are no decimals or dates), `paths` where the required terms stand in its syntax.
 */
export function readInvoice(read: ReadInvoice, paths: RequiredPaths, faults: Fault[]): ReadResult {
  const refused = [...faults, ...requiredFaults(read, paths, faults)];
  if (refused.length > 0) return { ok: false, faults: refused };
  const kind = invoiceKind(read.typeCode);
  const exemptions = exemptionsOf(read);
  const { discounts, charges } = adjustmentsOf(read.allowancesCharges, exemptions);
  const doc = compact({
    $schema: INVOICE_SCHEMA,
    $addons: addonsOf(read.customizationId),
    $tags: kind.tags,
    type: kind.type,
    // The whole number is the code: nothing in it tells a series apart (GOBL's converters read it so too).
    code: read.number,
    issue_date: read.issueDate,
    value_date: read.taxPointDate,
    currency: read.currency,
    preceding: read.preceding.map((ref) => compact({ code: ref.id, issue_date: ref.date })),
    // EN 16931 sums line amounts rounded to the currency (BR-CO-10): GOBL's `currency` rounding, as GOBL's converters read it.
    tax: compact({
      rounding: 'currency',
      point: read.taxPoint,
      ext: read.typeCode ? { [UNTDID.documentType]: read.typeCode } : undefined,
      notes: taxNotes(read),
    }),
    supplier: goblParty(read.seller, true),
    customer: goblParty(read.buyer),
    lines: read.lines.map((line) => goblLine(line, exemptions)),
    discounts,
    charges,
    ordering: ordering(read),
    payment: goblPayment(read),
    delivery: delivery(read),
    notes: notes(read),
    // The rounding amount (BT-114) is the one total GOBL takes as given.
    totals: read.totals.rounding !== undefined ? { rounding: read.totals.rounding } : undefined,
  });
  return { ok: true, doc, stated: read.totals };
}
