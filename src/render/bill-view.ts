import type { JsonObject } from '../document/base/types';
import { labelOf, objectAt, objectsAt, stringAt } from './json-read';
import { listingSections } from './listing-view';
import { partyBlock } from './party-block';
import { paymentSections } from './payment-sections';
import { taxRateNamer } from './tax-rate-names';
import type { TextFormat } from './text-format';
import type { DocumentView, PartyBlock, TextSection, ViewColumn, ViewField, ViewTable } from './view-model';

/** The word of each bill document, and of each invoice type. */
const DOCUMENT_WORDS: Record<string, string> = {
  'bill/invoice': 'Invoice',
  'bill/order': 'Order',
  'bill/delivery': 'Delivery note',
  'bill/payment': 'Payment',
  'bill/status': 'Status',
};
const TYPE_WORDS: Record<string, string> = {
  standard: '',
  proforma: 'Proforma invoice',
  corrective: 'Corrective invoice',
  'credit-note': 'Credit note',
  'debit-note': 'Debit note',
  other: '',
  receipt: 'Payment receipt',
  request: 'Payment request',
  advice: 'Remittance advice',
};

/** The parties of bill documents, in the order a reader expects them. */
const PARTY_KEYS = ['supplier', 'customer', 'payee', 'payer', 'seller', 'buyer', 'issuer', 'recipient', 'sender', 'receiver', 'despatcher'];

/** The document's fields this view shows in its own places; the rest are listed at the end. */
const SHOWN = [
  'uuid',
  'type',
  'series',
  'code',
  'issue_date',
  'issue_time',
  'op_date',
  'value_date',
  'currency',
  'preceding',
  'lines',
  'discounts',
  'charges',
  'totals',
  'payment',
  'notes',
  'tax',
  'methods',
  'total',
  ...PARTY_KEYS,
];

export const seriesCode = (doc: JsonObject): string => [stringAt(doc.series), stringAt(doc.code)].filter(Boolean).join('-');

/** The series and code in characters any file system and a Content-Disposition header take as they are (a PDF's, a format's file name). */
export function fileNameOf(doc: JsonObject | undefined): string | undefined {
  const safe = (doc && typeof doc === 'object' ? seriesCode(doc) : '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100);
  return safe || undefined;
}

function titleOf(doc: JsonObject, kind: string): string {
  const word = TYPE_WORDS[stringAt(doc.type) ?? ''] || DOCUMENT_WORDS[kind] || labelOf(kind.split('/').pop() ?? kind);
  const code = seriesCode(doc);
  return code ? `${word} ${code}` : word;
}

function factsOf(doc: JsonObject, format: TextFormat): ViewField[] {
  const facts: ViewField[] = [];
  const add = (label: string, value: string | undefined) => value && facts.push({ label, value });
  add('Issue date', stringAt(doc.issue_date) && format.date(doc.issue_date));
  add('Issue time', stringAt(doc.issue_time));
  add('Operation date', stringAt(doc.op_date) && format.date(doc.op_date));
  add('Value date', stringAt(doc.value_date) && format.date(doc.value_date));
  add('Currency', stringAt(doc.currency));
  for (const preceding of objectsAt(doc.preceding)) {
    const code = seriesCode(preceding);
    add('Preceding', [code, stringAt(preceding.issue_date) && format.date(preceding.issue_date)].filter(Boolean).join(', '));
  }
  return facts;
}

/** A discount or a charge, with its sign: `−10% Special discount (−€180.00)`. */
function adjustmentText(adjustment: JsonObject, sign: '−' | '+', format: TextFormat): string {
  const percent = stringAt(adjustment.percent) ? `${sign}${format.percent(adjustment.percent)}` : '';
  const reason = stringAt(adjustment.reason) ?? stringAt(adjustment.key) ?? stringAt(adjustment.code) ?? '';
  const amount = stringAt(adjustment.amount) ? `${sign}${format.money(adjustment.amount)}` : '';
  const head = [percent, reason].filter(Boolean).join(' ');
  return head && amount ? `${head} (${amount})` : head || amount;
}

function adjustmentsOf(holder: JsonObject, format: TextFormat): string[] {
  return [
    ...objectsAt(holder.discounts).map((d) => adjustmentText(d, '−', format)),
    ...objectsAt(holder.charges).map((c) => adjustmentText(c, '+', format)),
  ];
}

/** A line's taxes as `VAT 21%`. */
const taxesText = (line: JsonObject, format: TextFormat): string =>
  objectsAt(line.taxes)
    .map((tax) =>
      [stringAt(tax.cat), stringAt(tax.percent) ? format.percent(tax.percent) : (stringAt(tax.rate) ?? stringAt(tax.key))]
        .filter(Boolean)
        .join(' '),
    )
    .join(', ');

function itemName(line: JsonObject): string {
  const item = objectAt(line.item);
  const name = stringAt(item?.name) ?? stringAt(objectAt(line.document)?.code) ?? '';
  const description = stringAt(item?.description);
  return description ? `${name}\n${description}` : name;
}

/** A table of the document's lines, each numbered in a first column `#` (its `i`, or its place): none without lines. */
function numberedLinesTable(
  doc: JsonObject,
  title: string,
  columns: ViewColumn[],
  cellsOf: (line: JsonObject) => string[],
): ViewTable | undefined {
  const lines = objectsAt(doc.lines);
  if (lines.length === 0) return undefined;
  return {
    title,
    columns: [{ label: '#', align: 'right', width: 0.05 }, ...columns],
    rows: lines.map((line, i) => [String(typeof line.i === 'number' ? line.i : i + 1), ...cellsOf(line)]),
  };
}

/** The lines table: #, quantity (with its unit), item, price, taxes, discounts and charges, and the line's sum. */
function linesTable(doc: JsonObject, format: TextFormat): ViewTable | undefined {
  const columns: ViewColumn[] = [
    { label: 'Quantity', align: 'right', width: 0.12 },
    { label: 'Item', align: 'left', width: 0.25 },
    { label: 'Price', align: 'right', width: 0.13 },
    { label: 'Taxes', align: 'left', width: 0.11 },
    { label: 'Discounts and charges', align: 'left', width: 0.18 },
    { label: 'Sum', align: 'right', width: 0.16 },
  ];
  return numberedLinesTable(doc, 'Lines', columns, (line) => {
    const item = objectAt(line.item);
    const unit = stringAt(item?.unit);
    const quantity = stringAt(line.quantity) ? `${format.decimal(line.quantity)}${unit ? ` ${unit}` : ''}` : '';
    // A line's total is its sum after its discounts and charges: the figure the document's sum adds up.
    const sum = stringAt(line.total) ?? stringAt(line.sum) ?? stringAt(line.amount);
    return [
      quantity,
      itemName(line),
      item?.price !== undefined ? format.money(item.price) : '',
      taxesText(line, format),
      adjustmentsOf(line, format).join('\n'),
      sum ? format.money(sum) : '',
    ];
  });
}

/** A payment's lines: the documents it pays, each with its date, description and the amount paid of it. */
function paidDocumentsTable(doc: JsonObject, format: TextFormat): ViewTable | undefined {
  const columns: ViewColumn[] = [
    { label: 'Document', align: 'left', width: 0.25 },
    { label: 'Issue date', align: 'left', width: 0.2 },
    { label: 'Description', align: 'left', width: 0.3 },
    { label: 'Amount', align: 'right', width: 0.2 },
  ];
  return numberedLinesTable(doc, 'Documents paid', columns, (line) => {
    const paid = objectAt(line.document) ?? {};
    return [
      seriesCode(paid) || (stringAt(paid.uuid) ?? ''),
      stringAt(paid.issue_date) ? format.date(paid.issue_date) : '',
      stringAt(line.description) ?? stringAt(paid.description) ?? '',
      stringAt(line.amount) ? format.money(line.amount) : '',
    ];
  });
}

/** A payment's methods: how much was paid each way. */
function methodsSection(doc: JsonObject, format: TextFormat): TextSection[] {
  const lines = objectsAt(doc.methods).map((method) =>
    [stringAt(method.key) && labelOf(method.key as string), stringAt(method.detail), stringAt(method.amount) && format.money(method.amount)]
      .filter(Boolean)
      .join(': '),
  );
  return lines.length > 0 ? [{ title: 'Methods', lines }] : [];
}

/** The tax breakdown: one row per category and rate, with its base, percentage and amount. */
function taxTable(doc: JsonObject, totals: JsonObject, format: TextFormat): ViewTable | undefined {
  const categories = objectsAt(objectAt(totals.taxes)?.categories);
  const nameOf = taxRateNamer(doc);
  const rows: string[][] = [];
  for (const category of categories) {
    for (const rate of objectsAt(category.rates)) {
      const percent = stringAt(rate.percent) ? format.percent(rate.percent) : '—';
      const surcharge = objectAt(rate.surcharge);
      const extra = surcharge && stringAt(surcharge.percent) ? ` + ${format.percent(surcharge.percent)}` : '';
      const amount = format.money(rate.amount) + (surcharge && stringAt(surcharge.amount) ? ` + ${format.money(surcharge.amount)}` : '');
      rows.push([
        stringAt(category.code) ?? '',
        nameOf(stringAt(category.code) ?? '', rate),
        format.money(rate.base),
        percent + extra,
        amount,
      ]);
    }
  }
  if (rows.length === 0) return undefined;
  return {
    title: 'Taxes',
    columns: [
      { label: 'Category', align: 'left', width: 0.18 },
      { label: 'Rate', align: 'left', width: 0.22 },
      { label: 'Base', align: 'right', width: 0.22 },
      { label: 'Percent', align: 'right', width: 0.14 },
      { label: 'Amount', align: 'right', width: 0.24 },
    ],
    rows,
  };
}

/** The totals, in the order GOBL calculates them, down to payable, advances and due. */
function totalsRows(totals: JsonObject, format: TextFormat): ViewField[] {
  const rows: ViewField[] = [];
  const add = (key: string, label: string, strong = false) => {
    if (totals[key] !== undefined && totals[key] !== null) rows.push({ label, value: format.money(totals[key]), strong });
  };
  add('sum', 'Sum');
  add('discount', 'Discounts');
  add('charge', 'Charges');
  add('total', 'Total without tax');
  // Each category's amount, when there are several to tell apart (one alone is the tax total below).
  const categories = objectsAt(objectAt(totals.taxes)?.categories);
  for (const category of categories.length > 1 ? categories : []) {
    if (category.amount !== undefined)
      rows.push({
        label: `${stringAt(category.code) ?? 'Tax'}${category.retained ? ' (retained)' : ''}`,
        value: format.money(category.amount),
      });
  }
  add('tax', 'Tax');
  add('total_with_tax', 'Total with tax');
  add('rounding', 'Rounding');
  add('payable', 'Payable', true);
  add('advance', 'Advances');
  add('due', 'Due', true);
  return rows;
}

function partiesOf(doc: JsonObject): PartyBlock[] {
  return PARTY_KEYS.flatMap((key) => {
    const party = objectAt(doc[key]);
    return party ? [partyBlock(labelOf(key), party)] : [];
  });
}

function notesSection(doc: JsonObject): TextSection[] {
  const lines = objectsAt(doc.notes)
    .map((note) => [stringAt(note.key) && `${labelOf(note.key as string)}:`, stringAt(note.text)].filter(Boolean).join(' '))
    .filter(Boolean);
  return lines.length > 0 ? [{ title: 'Notes', lines }] : [];
}

/** Invoices, orders, deliveries, payments and statuses: the documents of GOBL's `bill` package. */
export function billView(doc: JsonObject, kind: string, format: TextFormat): DocumentView {
  const payment = kind === 'bill/payment';
  const lines = payment
    ? paidDocumentsTable(doc, format)
    : objectsAt(doc.lines).some((line) => objectAt(line.item))
      ? linesTable(doc, format)
      : undefined;
  const totals = objectAt(doc.totals) ?? {};
  // A payment has no totals object: its `total` is the amount paid.
  const totalRows =
    payment && stringAt(doc.total) ? [{ label: 'Total paid', value: format.money(doc.total), strong: true }] : totalsRows(totals, format);
  const documentAdjustments = adjustmentsOf(doc, format);
  const sections: TextSection[] = [
    ...(documentAdjustments.length > 0 ? [{ title: 'Discounts and charges', lines: documentAdjustments }] : []),
    ...(payment ? methodsSection(doc, format) : []),
    ...paymentSections(objectAt(doc.payment), format),
    ...notesSection(doc),
    // Lines of another shape (a status's references and reasons) are listed, field by field.
    ...listingSections(doc, lines ? SHOWN : SHOWN.filter((key) => key !== 'lines'), format),
  ];
  return {
    title: titleOf(doc, kind),
    kind,
    facts: factsOf(doc, format),
    parties: partiesOf(doc),
    tables: [lines, taxTable(doc, totals, format)].filter((table): table is ViewTable => table !== undefined),
    totals: totalRows,
    sections,
  };
}
