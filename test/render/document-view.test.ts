import { readdirSync } from 'node:fs';
import path from 'node:path';
import { processDocument, type Envelope } from '../../src/document';
import { documentView, type DocumentView } from '../../src/render/document-view';
import { invoice, message, party } from '../helpers/documents';
import { EXAMPLES, readExample, withGobl } from '../helpers/golden-examples';

const calculated = (doc: object): Envelope => {
  const result = processDocument(doc as never, {
    newUuid: () => '0190a0b0-0000-7000-8000-000000000001',
    now: new Date('2026-11-20T10:00:00Z'),
  });
  if (!result.ok) throw new Error(result.message);
  return result.envelope;
};

/** Several lines, two VAT rates, a line discount and a document discount: every figure the view shows differs. */
const fixture = () =>
  calculated(
    invoice({
      series: 'VIEW',
      code: '7',
      lines: [
        {
          quantity: '20',
          item: { name: 'Development services', price: '90.00', unit: 'h' },
          discounts: [{ percent: '10%', reason: 'Loyalty' }],
          taxes: [{ cat: 'VAT', rate: 'general' }],
        },
        { quantity: '3', item: { name: 'Printed manuals', price: '12.50' }, taxes: [{ cat: 'VAT', rate: 'reduced' }] },
        {
          quantity: '1.5',
          item: { name: 'Travel', price: '150.00' },
          charges: [{ amount: '5.00', reason: 'Booking fee' }],
          taxes: [{ cat: 'VAT', rate: 'general' }],
        },
      ],
      discounts: [{ percent: '2%', reason: 'Early payment' }],
      payment: { terms: { key: 'due-date', due_dates: [{ date: '2026-12-20', percent: '100%' }] } },
      notes: [{ key: 'general', text: 'Thank you.' }],
    }),
  );

/** An English euro amount back to the decimal text GOBL stores: `€1,620.00` → `1620.00`, `−€3.00` → `-3.00`. */
const amountOf = (text: string) => text.replace(/[€,]/g, '').replace(/^[−-]/, '-');

const table = (view: DocumentView, title: string) => view.tables.find((t) => t.title === title)!;
const total = (view: DocumentView, label: string) => view.totals.find((row) => row.label === label)?.value;

describe('documentView of an invoice', () => {
  const envelope = fixture();
  const doc = envelope.doc as any;
  const view = documentView(envelope);

  test('title, facts and parties', () => {
    expect(view.title).toBe('Invoice VIEW-7');
    expect(view.kind).toBe('bill/invoice');
    expect(view.facts).toEqual(
      expect.arrayContaining([
        { label: 'Issue date', value: 'November 20, 2026' },
        { label: 'Currency', value: 'EUR' },
      ]),
    );
    expect(view.parties.map((p) => [p.role, p.name, p.lines[0]])).toEqual([
      ['Supplier', 'Provide One S.L.', 'Tax ID: ES B98602642'],
      ['Customer', 'Sample Consumer', 'Tax ID: ES 54387763P'],
    ]);
  });

  test("each line's quantity, item, price and sum equal the envelope's", () => {
    const lines = table(view, 'Lines');
    expect(lines.columns.map((c) => c.label)).toEqual(['#', 'Quantity', 'Item', 'Price', 'Taxes', 'Discounts and charges', 'Sum']);
    expect(lines.rows).toHaveLength(doc.lines.length);
    lines.rows.forEach((row, i) => {
      const line = doc.lines[i];
      expect(row[0]).toBe(String(line.i));
      expect(row[1].replace(/ h$/, '')).toBe(line.quantity);
      expect(row[2]).toBe(line.item.name);
      expect(amountOf(row[3])).toBe(line.item.price);
      expect(amountOf(row[6])).toBe(line.total);
    });
    expect(lines.rows[0][5]).toBe('−10% Loyalty (−€180.00)');
    expect(lines.rows[2][5]).toBe('Booking fee (+€5.00)');
    expect(lines.rows[1][4]).toBe('VAT 10.0%');
  });

  test("the tax rows are the envelope's categories and rates: base, percent and amount", () => {
    const rates = doc.totals.taxes.categories.flatMap((c: any) => c.rates.map((r: any) => [c.code, r.base, r.percent, r.amount]));
    expect(rates).toHaveLength(2);
    expect(table(view, 'Taxes').rows.map((row) => [row[0], amountOf(row[2]), row[3], amountOf(row[4])])).toEqual(rates);
  });

  test("the totals are the envelope's, down to payable", () => {
    const totals = doc.totals;
    expect(view.totals.map((row) => row.label)).toEqual(['Sum', 'Discounts', 'Total without tax', 'Tax', 'Total with tax', 'Payable']);
    expect(amountOf(total(view, 'Sum')!)).toBe(totals.sum);
    expect(amountOf(total(view, 'Discounts')!)).toBe(totals.discount);
    expect(amountOf(total(view, 'Total without tax')!)).toBe(totals.total);
    expect(amountOf(total(view, 'Tax')!)).toBe(totals.tax);
    expect(amountOf(total(view, 'Total with tax')!)).toBe(totals.total_with_tax);
    expect(amountOf(total(view, 'Payable')!)).toBe(totals.payable);
    expect(view.totals.find((row) => row.label === 'Payable')!.strong).toBe(true);
  });

  test('document discounts, payment terms and notes become sections', () => {
    expect(view.sections.map((s) => s.title)).toEqual(['Discounts and charges', 'Payment terms', 'Notes']);
    expect(view.sections[1].lines).toEqual([
      'Due date',
      `Due December 20, 2026: €${Number(doc.totals.payable).toLocaleString('en', { minimumFractionDigits: 2 })} (100%)`,
    ]);
    expect(view.sections[2].lines).toEqual(['General: Thank you.']);
  });

  test("the locale decides how amounts and dates read; the document's currency stays", () => {
    const german = documentView(envelope, 'de');
    expect(doc.totals.payable).toBe('2242.00');
    expect(total(german, 'Payable')).toBe('2.242,00\u00a0€');
    expect(german.facts[0]).toEqual({ label: 'Issue date', value: '20. November 2026' });
    const dollars = documentView(calculated(invoice({ currency: 'USD' })));
    expect(total(dollars, 'Payable')).toBe('$2,178.00');
  });
});

describe('documentView of other documents', () => {
  test('a party: its name as title and block, the rest listed', () => {
    const view = documentView(
      calculated({
        ...party('Acme Parts Ltd'),
        tax_id: { country: 'ES', code: 'B98602642' },
        people: [{ name: { given: 'Ana', surname: 'Ruiz' } }],
      }),
    );
    expect(view.title).toBe('Acme Parts Ltd');
    expect(view.parties).toEqual([{ role: 'Party', name: 'Acme Parts Ltd', lines: ['Tax ID: ES B98602642'] }]);
    expect(view.sections).toEqual([{ title: 'People', lines: ['1 › Name › Given: Ana', '1 › Name › Surname: Ruiz'] }]);
  });

  test('a message: its title; short fields as facts, long ones as sections', () => {
    const short = documentView(calculated(message('Hello')));
    expect(short.title).toBe('Hello');
    expect(short.facts).toEqual([
      { label: 'UUID', value: '0190a0b0-0000-7000-8000-000000000001' },
      { label: 'Content', value: 'about Hello' },
    ]);
    const long = documentView(calculated({ ...message('Hello'), content: 'word '.repeat(40).trim() }));
    expect(long.facts.map((fact) => fact.label)).toEqual(['UUID']);
    expect(long.sections).toEqual([{ title: 'Content', lines: ['word '.repeat(40).trim()] }]);
  });
});

withGobl.describe("GOBL's golden envelopes", () => {
  const files = readdirSync(EXAMPLES).flatMap((country) => {
    const out = path.join(EXAMPLES, country, 'out');
    try {
      return readdirSync(out)
        .filter((f) => f.endsWith('.json'))
        .map((f) => `${country}/out/${f}`);
    } catch {
      return [];
    }
  });

  test.each(files)('%s has a title, and an invoice its payable amount', (file) => {
    const envelope = readExample<Envelope>(file);
    const view = documentView(envelope);
    expect(view.title).not.toBe('');
    const payable = (envelope.doc as any).totals?.payable;
    if (payable !== undefined && view.kind === 'bill/invoice')
      expect(view.totals.find((row) => row.label === 'Payable')?.value).toMatch(/\d/);
  });
});
