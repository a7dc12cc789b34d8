import { processDocument } from '../../../src/document';
import type { JsonObject } from '../../../src/document/base/types';

type Obj = Record<string, unknown>;

const ctx = { newUuid: () => '0190f0b8-0000-7000-8000-00000000ffff', now: new Date('2024-03-10T10:00:00Z') };

const SUPPLIERS: Record<string, Obj> = {
  DE: { name: 'Lieferant GmbH', tax_id: { country: 'DE', code: '111111125' } },
  ES: { name: 'Proveedor S.L.', tax_id: { country: 'ES', code: 'B98602642' } },
};

function invoice(lines: Obj[], extra: Obj = {}, country = 'DE'): JsonObject {
  return {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    uuid: '0190f0b8-0000-7000-8000-000000000001',
    currency: 'EUR',
    issue_date: '2024-03-10',
    code: 'T-1',
    supplier: SUPPLIERS[country],
    customer: { name: 'Kunde', tax_id: { country, code: country === 'DE' ? '282741168' : '54387763P' } },
    lines,
    ...extra,
  } as JsonObject;
}

const vat = (rate = 'standard') => [{ cat: 'VAT', rate }];
const line = (price: string, quantity: string | number = '1', taxes: Obj[] = vat()): Obj => ({
  quantity,
  item: { name: 'Item', price },
  taxes,
});

function run(doc: JsonObject): JsonObject {
  const r = processDocument(doc, ctx);
  if (!r.ok) throw new Error(`${r.error}: ${r.message}`);
  return r.envelope.doc;
}

function totals(doc: JsonObject): Obj {
  return doc.totals as Obj;
}

function rates(doc: JsonObject): Obj[] {
  const t = totals(doc).taxes as { categories: { rates: Obj[] }[] };
  return t.categories.flatMap((c) => c.rates);
}

describe('rounding rules', () => {
  // 1.005 per line: "precise" keeps the half cent until the end, "currency" rounds each line first.
  test.each([
    ['precise', '3.02', '0.57', '3.59', '1.005'],
    ['currency', '3.03', '0.58', '3.61', '1.01'],
  ])('%s: three lines at 1.005', (rule, sum, tax, withTax, lineSum) => {
    const doc = run(invoice([line('1.005'), line('1.005'), line('1.005')], { tax: { rounding: rule } }));
    expect(totals(doc)).toMatchObject({ sum, total: sum, tax, total_with_tax: withTax, payable: withTax });
    expect((doc.lines as Obj[]).map((l) => l.sum)).toEqual([lineSum, lineSum, lineSum]);
  });

  // A tax amount of exactly half a cent rounds away from zero under both rules, for either sign.
  test.each([
    ['precise', '10.50', '2.21'],
    ['currency', '10.50', '2.21'],
    ['precise', '-10.50', '-2.21'],
    ['currency', '-10.50', '-2.21'],
  ])('%s: 21%% of %s', (rule, price, tax) => {
    const doc = run(invoice([line(price)], { tax: { rounding: rule } }, 'ES'));
    expect(totals(doc).tax).toBe(tax);
  });

  test('older rule names are accepted', () => {
    const doc = run(invoice([line('1.005')], { tax: { rounding: 'round-then-sum' } }));
    expect((doc.tax as Obj).rounding).toBe('currency');
    expect(totals(doc).sum).toBe('1.01');
  });

  // Rounded per line the tax would be 3 × round(0.0147) = 0.03; on the sum of the lines it is round(0.0441) = 0.04.
  test.each([['precise'], ['currency']])('%s: tax is taken on the sum, not summed per line', (rule) => {
    const doc = run(invoice([line('0.07'), line('0.07'), line('0.07')], { tax: { rounding: rule } }, 'ES'));
    expect(rates(doc)[0]).toMatchObject({ base: '0.21', amount: '0.04' });
  });

  test('precise: line sums keep the price decimals, totals the currency decimals', () => {
    const doc = run(invoice([line('0.3333', '3'), line('0.3333', '3'), line('0.3333', '3')]));
    expect((doc.lines as Obj[])[0]).toMatchObject({ sum: '0.9999', total: '0.9999' });
    expect(totals(doc)).toMatchObject({ sum: '3.00', tax: '0.57', total_with_tax: '3.57' });
  });
});

describe('tax percentages by date', () => {
  // Germany lowered VAT from 19% to 16% on 2020-07-01 and restored it on 2021-01-01.
  test.each([
    ['2020-06-30', '19%', '19.00'],
    ['2020-07-01', '16%', '16.00'],
    ['2020-12-31', '16%', '16.00'],
    ['2021-01-01', '19%', '19.00'],
  ])('issued %s → %s', (date, percent, tax) => {
    const doc = run(invoice([line('100.00')], { issue_date: date }));
    expect((doc.lines as { taxes: Obj[] }[])[0].taxes[0]).toEqual({ cat: 'VAT', key: 'standard', rate: 'general', percent });
    expect(totals(doc).tax).toBe(tax);
  });

  test('the value date decides over the issue date', () => {
    const doc = run(invoice([line('100.00')], { issue_date: '2020-07-02', value_date: '2020-06-15' }));
    expect(totals(doc).tax).toBe('19.00');
  });

  test('a missing issue date is today in the regime time zone', () => {
    const doc = invoice([line('100.00')]);
    delete doc.issue_date;
    const late = { ...ctx, now: new Date('2024-03-10T23:30:00Z') }; // already the 11th in Berlin
    const r = processDocument(doc, late);
    expect(r.ok && r.envelope.doc.issue_date).toBe('2024-03-11');
  });
});

describe('prices that include tax', () => {
  test.each([
    ['121.00', '1', '100.00', '21.00', '121.00'],
    ['10.00', '3', '24.79', '5.21', '30.00'],
    ['0.99', '7', '5.73', '1.20', '6.93'],
  ])('price %s × %s with VAT included', (price, qty, total, tax, withTax) => {
    const doc = run(invoice([line(price, qty)], { tax: { prices_include: 'VAT' } }, 'ES'));
    expect(totals(doc)).toMatchObject({ tax_included: tax, total, tax, total_with_tax: withTax, payable: withTax });
    expect(rates(doc)[0]).toMatchObject({ base: total, amount: tax });
  });
});

describe('lines', () => {
  test('a negative price becomes a negative quantity', () => {
    const doc = run(invoice([line('100.00', '2'), line('-10', '2')]));
    expect((doc.lines as Obj[])[1]).toMatchObject({
      i: 2,
      quantity: '-2',
      item: { name: 'Item', price: '10.00' },
      sum: '-20.00',
      total: '-20.00',
    });
    expect(totals(doc)).toMatchObject({ sum: '180.00', tax: '34.20', payable: '214.20' });
  });

  test('percent discounts and charges, and empty discounts dropped', () => {
    const l = {
      ...line('90.00', 20),
      discounts: [{ percent: '10%', reason: 'loyal' }, { percent: '0%' }],
      charges: [{ percent: '5%', reason: 'rush' }, { amount: '1.5' }],
    };
    const doc = run(invoice([l]));
    expect((doc.lines as Obj[])[0]).toMatchObject({
      quantity: '20',
      sum: '1800.00',
      discounts: [{ percent: '10%', reason: 'loyal', amount: '180.00' }],
      charges: [{ percent: '5%', reason: 'rush', amount: '90.00' }, { amount: '1.50' }],
      total: '1711.50',
    });
  });

  test('zero-rated and exempt lines', () => {
    const doc = run(
      invoice(
        [line('100.00'), line('50.00', '1', [{ cat: 'VAT', rate: 'zero' }]), line('25.00', '1', [{ cat: 'VAT', key: 'exempt' }])],
        {},
        'ES',
      ),
    );
    const [, zero, exempt] = doc.lines as { taxes: Obj[] }[];
    expect(zero.taxes[0]).toEqual({ cat: 'VAT', key: 'zero', percent: '0%' });
    expect(exempt.taxes[0]).toEqual({ cat: 'VAT', key: 'exempt' });
    expect(rates(doc)).toEqual([
      { key: 'standard', base: '100.00', percent: '21.0%', amount: '21.00' },
      { key: 'zero', base: '50.00', percent: '0%', amount: '0.00' },
      { key: 'exempt', base: '25.00', amount: '0.00' },
    ]);
    expect(totals(doc)).toMatchObject({ sum: '175.00', tax: '21.00', total_with_tax: '196.00' });
  });

  test('a price in another currency is converted, the original kept', () => {
    const l = { quantity: '2', item: { name: 'Item', currency: 'USD', price: '100.00' }, taxes: vat() };
    const doc = run(invoice([l], { exchange_rates: [{ from: 'USD', to: 'EUR', amount: '0.875967' }] }));
    expect((doc.lines as Obj[])[0]).toMatchObject({
      item: { currency: 'EUR', price: '87.60', alt_prices: [{ currency: 'USD', value: '100.00' }] },
      sum: '175.20',
    });
  });

  test('a price in another currency without a rate cannot be calculated', () => {
    const l = { quantity: '2', item: { name: 'Item', currency: 'USD', price: '100.00' }, taxes: vat() };
    const r = processDocument(invoice([l]), ctx);
    expect(r).toMatchObject({ ok: false, error: 'calculation' });
  });
});

describe('document discounts, charges, retained taxes and payments', () => {
  test('document discount and charge change the taxable base', () => {
    const doc = run(
      invoice([line('100.00')], {
        discounts: [{ percent: '10%', reason: 'volume', taxes: vat() }],
        charges: [{ amount: '5', reason: 'shipping', taxes: vat() }],
      }),
    );
    expect(doc.discounts).toEqual([
      {
        i: 1,
        percent: '10%',
        reason: 'volume',
        amount: '10.00',
        taxes: [{ cat: 'VAT', key: 'standard', rate: 'general', percent: '19%' }],
      },
    ]);
    expect(totals(doc)).toMatchObject({
      sum: '100.00',
      discount: '10.00',
      charge: '5.00',
      total: '95.00',
      tax: '18.05',
      payable: '113.05',
    });
  });

  test('retained tax lowers the payable amount', () => {
    const l = line('1000.00', '1', [
      { cat: 'VAT', rate: 'standard' },
      { cat: 'IRPF', percent: '15%' },
    ]);
    const doc = run(invoice([l], {}, 'ES'));
    expect(totals(doc)).toMatchObject({
      total: '1000.00',
      tax: '210.00',
      total_with_tax: '1210.00',
      retained_tax: '150.00',
      payable: '1060.00',
    });
  });

  test('advances, due dates and a given rounding', () => {
    const doc = run(
      invoice([line('100.00')], {
        totals: { rounding: '0.01' },
        payment: {
          advances: [
            { description: 'deposit', percent: '10%' },
            { description: 'cash', amount: '20' },
          ],
          terms: {
            due_dates: [
              { date: '2024-04-01', percent: '40%' },
              { date: '2024-05-01', percent: '60%' },
            ],
          },
        },
      }),
    );
    expect(totals(doc)).toMatchObject({ total_with_tax: '119.00', rounding: '0.01', payable: '119.01', advance: '31.90', due: '87.11' });
    const payment = doc.payment as { advances: Obj[]; terms: { due_dates: Obj[] } };
    expect(payment.advances.map((a) => a.amount)).toEqual(['11.90', '20.00']);
    expect(payment.terms.due_dates.map((d) => d.amount)).toEqual(['47.60', '71.41']);
  });
});

describe('large invoices', () => {
  test('10,000 lines: totals equal an independent integer sum', () => {
    const n = 10_000;
    const lines: Obj[] = [];
    let cents = 0n;
    for (let i = 0; i < n; i++) {
      const priceCents = BigInt(100 + ((i * 7919) % 99_900));
      const qty = BigInt((i % 7) + 1);
      const text = `${priceCents / 100n}.${String(priceCents % 100n).padStart(2, '0')}`;
      lines.push(line(text, String(qty)));
      cents += priceCents * qty;
    }
    const doc = run(invoice(lines));
    const money = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
    // 19% of the sum, rounded half up on positive amounts.
    const taxCents = (cents * 19n + 50n) / 100n;
    expect(totals(doc)).toMatchObject({ sum: money(cents), total: money(cents), tax: money(taxCents), payable: money(cents + taxCents) });
    expect((doc.lines as Obj[])[n - 1].i).toBe(n);
  });
});

describe('a bill without prices', () => {
  const order = (payment: Obj): JsonObject =>
    ({
      $schema: 'https://gobl.org/draft-0/bill/order',
      $regime: 'ES',
      type: 'purchase',
      code: 'O-1',
      issue_date: '2024-03-10',
      supplier: SUPPLIERS.ES,
      lines: [{ quantity: '2', item: { name: 'Box' } }],
      payment,
    }) as JsonObject;

  it('has no totals, and writes a zero amount on the advances the input gave none; a given amount is kept', () => {
    const doc = run(
      order({
        advances: [
          { description: 'Advance', percent: '25%' },
          { description: 'Fixed', amount: '10' },
        ],
      }),
    );
    expect(doc.totals).toBeUndefined();
    expect((doc.payment as Obj).advances).toEqual([
      { description: 'Advance', percent: '25%', amount: '0' },
      { description: 'Fixed', amount: '10' },
    ]);
  });

  it('refuses a due date by percentage, whose amount stays zero', () => {
    const r = processDocument(order({ terms: { key: 'due-date', due_dates: [{ date: '2024-04-01', percent: '100%' }] } }), ctx);
    expect(r.ok && r.faults.map((f) => [f.code, f.paths])).toEqual([['GOBL-PAY-DUEDATE-02', ['$.doc.payment.terms.due_dates[0].amount']]]);
  });
});
