import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { JsonObject } from '../../src/document';
import { FORMATS, type FormatName } from '../../src/formats';
import type { ReadResult } from '../../src/formats/reading';
import { parseXml, type XmlElementNode } from '../../src/formats/xml-read';
import { fitForCius } from './cius-documents';
import { EINVOICE_DIR } from './einvoice-dir';
import { calculated } from './einvoices';

/**
 * What the readers' tests share: a document written in a format and read back, calculated again as the service
 * calculates a received one; what of an invoice must survive that; and the official examples read and calculated.
 */

export type Reader = (root: XmlElementNode) => ReadResult;

/** The formats of a syntax, each with what makes a document fit for it (a CIUS asks more than EN 16931). */
export const FORMATS_OF = {
  ubl: [
    ['ubl', (doc: Record<string, unknown>) => doc],
    ['peppol', fitForCius],
    ['xrechnung-ubl', fitForCius],
  ],
  cii: [
    ['cii', (doc: Record<string, unknown>) => doc],
    ['xrechnung-cii', fitForCius],
  ],
} as const satisfies Record<string, readonly (readonly [FormatName, (doc: Record<string, unknown>) => Record<string, unknown>])[]>;

/** A read document calculated as the service calculates it: with the addons it names, its faults allowed or not. */
export function calculatedRead(result: ReadResult, gobl: 'valid' | 'faulted' = 'faulted'): JsonObject {
  if (!result.ok) throw new Error(`not read: ${JSON.stringify(result.faults)}`);
  return calculated(result.doc, { addons: result.doc.$addons as string[], gobl });
}

/** `doc` calculated for `format`, written in it, read back by `read`: the original, the written text and what was read. */
export function writtenAndRead(format: FormatName, doc: Record<string, unknown>, read: Reader) {
  const original = calculated(doc, { addons: [...FORMATS[format].addons] });
  const written = FORMATS[format].write(original);
  if (!written.ok) throw new Error(JSON.stringify(written.faults));
  return { original, text: written.text, result: read(parseXml(written.text)) };
}

const o = (value: unknown): any => (value && typeof value === 'object' ? value : {});
const list = (value: unknown): any[] => (Array.isArray(value) ? value : []);

/** A party as both sides of a round trip must agree on it: EN 16931 writes a street and its number as one line. */
const party = (p: any) => ({
  name: p.name,
  tax_id: p.tax_id && { country: p.tax_id.country, code: p.tax_id.code },
  addresses: list(p.addresses).map((a) => ({ locality: a.locality, code: a.code, country: a.country })),
  inboxes: list(p.inboxes).map((i) => ({ scheme: i.scheme, code: i.code, email: i.email })),
  emails: list(p.emails).map((e) => e.addr),
  telephones: list(p.telephones).map((t) => t.num),
  people: list(p.people).map((person) => [person.name?.given, person.name?.surname].filter(Boolean).join(' ')),
});

const combo = (c: any) => ({ cat: c.cat, key: c.key, percent: c.percent, ext: c.ext });
const adjustment = (a: any) => ({ reason: a.reason, percent: a.percent, amount: a.amount, taxes: list(a.taxes).map(combo) });

/** What of a calculated invoice a round trip through a format keeps: totals, parties, lines, payment, references. */
export function essentials(doc: JsonObject) {
  const d = doc as any;
  const totals = o(d.totals);
  const instructions = o(o(d.payment).instructions);
  return {
    type: d.type,
    currency: d.currency,
    issue_date: d.issue_date,
    number: [d.series, d.code].filter(Boolean).join('-'),
    totals: {
      sum: totals.sum,
      discount: totals.discount,
      charge: totals.charge,
      total: totals.total,
      tax: o(totals.taxes).sum,
      total_with_tax: totals.total_with_tax,
      payable: totals.payable,
    },
    rates: list(o(totals.taxes).categories).flatMap((c) =>
      list(c.rates).map((r) => ({ cat: c.code, key: r.key, percent: r.percent, base: r.base, amount: r.amount, ext: r.ext })),
    ),
    supplier: party(o(d.supplier)),
    customer: party(o(d.customer)),
    lines: list(d.lines).map((l) => ({
      quantity: l.quantity,
      name: l.item?.name,
      price: l.item?.price,
      unit: l.item?.unit,
      sum: l.sum,
      total: l.total,
      taxes: list(l.taxes).map(combo),
      discounts: list(l.discounts).map(adjustment),
      charges: list(l.charges).map(adjustment),
    })),
    discounts: list(d.discounts).map(adjustment),
    charges: list(d.charges).map(adjustment),
    payment: {
      key: instructions.key,
      means: o(instructions.ext)['untdid-payment-means'],
      credit_transfer: list(instructions.credit_transfer),
      direct_debit: instructions.direct_debit,
      due_dates: list(o(o(d.payment).terms).due_dates).map((due) => due.date),
    },
    buyer_reference: o(d.ordering).code,
    preceding: list(d.preceding).map((p) => ({ number: [p.series, p.code].filter(Boolean).join('-'), issue_date: p.issue_date })),
    notes: list(d.notes).map((n) => n.text),
  };
}

/** An official example read and calculated: its stated payable (BT-115) and the one GOBL calculated. */
export interface ExampleOutcome {
  file: string;
  stated?: string;
  calculated: string;
}

/** The official examples of `folder` (under the artefacts' `examples/`), each read by `read` and calculated again. */
export function readExamples(folder: string, read: Reader): ExampleOutcome[] {
  const dir = path.join(EINVOICE_DIR!, 'examples', folder);
  return readdirSync(dir)
    .filter((file) => /\.xml$/i.test(file))
    .sort()
    .map((file) => {
      const result = read(parseXml(readFileSync(path.join(dir, file), 'utf8')));
      if (!result.ok) throw new Error(`${file} not read: ${JSON.stringify(result.faults)}`);
      const totals = o(calculatedRead(result).totals);
      return { file, stated: result.stated.payable, calculated: totals.due ?? totals.payable };
    });
}

/** The examples whose calculated payable is not the one they state, numbers compared as numbers (`801.78` and `801.780`). */
export const differing = (outcomes: ExampleOutcome[]): string[] =>
  outcomes.filter((outcome) => Number(outcome.stated) !== Number(outcome.calculated)).map((outcome) => outcome.file);
