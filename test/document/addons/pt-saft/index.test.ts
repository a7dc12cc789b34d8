import { codeValid, seriesValid, sourceRefValid } from '../../../../src/document/addons/pt-saft';
import type { JsonObject } from '../../../../src/document/base/types';
import { editedRunner } from '../run-edited';

/** pt-saft-v1 end to end; every expected default, code and path was checked against GOBL with the addon. */

const ctx = { newUuid: () => '0190a5f2-7c3e-7000-8000-000000000003', now: new Date('2025-03-01T10:00:00Z') };

function invoice(): JsonObject {
  return {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    $addons: ['pt-saft-v1'],
    issue_date: '2025-02-03',
    currency: 'EUR',
    supplier: { name: 'Pastelaria Lisboa Lda', tax_id: { country: 'PT', code: '545259045' } },
    customer: { name: 'Cliente Final', tax_id: { country: 'PT', code: '514329874' } },
    lines: [{ quantity: '3', item: { name: 'Consultoria', price: '80.00' }, taxes: [{ cat: 'VAT', rate: 'general' }] }],
  };
}

const run = editedRunner(ctx, invoice);

const line = (d: JsonObject) => (d.lines as JsonObject[])[0];
const combo = (d: JsonObject) => (line(d).taxes as JsonObject[])[0];
const taxExt = (d: JsonObject) => (d.tax as JsonObject).ext as JsonObject;
const exempt = (key: string, exemption?: string) => (d: JsonObject) => {
  delete combo(d).rate;
  combo(d).key = key;
  if (exemption) combo(d).ext = { 'pt-saft-exemption': exemption };
};

describe('pt-saft-v1', () => {
  it('sets the source, value date, SAF-T codes, product type and invoice type', () => {
    const { doc, faults } = run();
    expect(faults).toEqual([]);
    expect(taxExt(doc)).toEqual({ 'pt-saft-invoice-type': 'FT', 'pt-saft-source': 'P' });
    expect(doc.value_date).toBe('2025-02-03');
    expect(combo(doc).ext).toEqual({ 'pt-region': 'PT', 'pt-saft-tax-rate': 'NOR' });
    expect(line(doc).item).toEqual({ name: 'Consultoria', price: '80.00', unit: 'one', ext: { 'pt-saft-product-type': 'S' } });
  });

  test.each<[string, (d: JsonObject) => void, Record<string, string>]>([
    ['simplified', (d) => (d.$tags = ['simplified']), { 'pt-saft-invoice-type': 'FS', 'pt-saft-source': 'P' }],
    [
      'paid in advance',
      (d) => (d.payment = { advances: [{ key: 'card', description: 'Pago', percent: '100%' }] }),
      { 'pt-saft-invoice-type': 'FR', 'pt-saft-source': 'P' },
    ],
    [
      'debit note',
      (d) => Object.assign(d, { type: 'debit-note', preceding: [{ code: 'FT A/1', issue_date: '2025-01-02' }] }),
      { 'pt-saft-invoice-type': 'ND', 'pt-saft-source': 'P' },
    ],
    [
      'credit note',
      (d) => Object.assign(d, { type: 'credit-note', preceding: [{ code: 'FT A/1', issue_date: '2025-01-02' }] }),
      { 'pt-saft-invoice-type': 'NC', 'pt-saft-source': 'P' },
    ],
    ['proforma', (d) => (d.type = 'proforma'), { 'pt-saft-source': 'P', 'pt-saft-work-type': 'PF' }],
  ])('scenario: %s', (_n, edit, ext) => {
    const { doc, faults } = run(edit);
    expect(taxExt(doc)).toEqual(ext);
    expect(faults).toEqual([]);
  });

  test.each<[string, (d: JsonObject) => void, Record<string, string>]>([
    ['zero', exempt('zero'), { 'pt-region': 'PT', 'pt-saft-exemption': 'M07', 'pt-saft-tax-rate': 'ISE' }],
    ['intra-community', exempt('intra-community'), { 'pt-region': 'PT', 'pt-saft-exemption': 'M16', 'pt-saft-tax-rate': 'ISE' }],
    ['export keeps M04', exempt('export', 'M04'), { 'pt-region': 'PT', 'pt-saft-exemption': 'M04', 'pt-saft-tax-rate': 'ISE' }],
    [
      'an exemption code alone gives the key',
      (d) => {
        delete combo(d).rate;
        combo(d).ext = { 'pt-saft-exemption': 'M30' };
      },
      { 'pt-region': 'PT', 'pt-saft-exemption': 'M30', 'pt-saft-tax-rate': 'ISE' },
    ],
    [
      'a SAF-T rate alone gives the rate',
      (d) => {
        delete combo(d).rate;
        combo(d).ext = { 'pt-saft-tax-rate': 'RED' };
      },
      { 'pt-region': 'PT', 'pt-saft-tax-rate': 'RED' },
    ],
    ['foreign VAT', (d) => (combo(d).country = 'ES'), { 'pt-region': 'ES', 'pt-saft-tax-rate': 'OUT' }],
  ])('combo: %s', (_n, edit, ext) => {
    expect(combo(run(edit).doc).ext).toEqual(ext);
  });

  it('writes the exemption note of an exempt line', () => {
    const { doc, faults } = run(exempt('exempt', 'M19'));
    expect(faults).toEqual([]);
    expect(line(doc).notes).toEqual([{ key: 'legal', src: 'pt-saft-exemption', code: 'M19', text: 'Outras isenções' }]);
  });

  it('maps payment means and dates advances', () => {
    const { doc } = run(
      (d) => (d.payment = { instructions: { key: 'direct-debit' }, advances: [{ key: 'cash', description: 'Sinal', amount: '10.00' }] }),
    );
    const payment = doc.payment as JsonObject;
    expect((payment.instructions as JsonObject).ext).toEqual({ 'pt-saft-payment-means': 'TB' });
    expect((payment.advances as JsonObject[])[0]).toMatchObject({ date: '2025-02-03', ext: { 'pt-saft-payment-means': 'NU' } });
  });

  test.each<[string, boolean]>([
    ['FT SERIES-A', true],
    ['FS SERIES-A', false],
    ['FTSERIES', false],
    ['', true],
  ])('series %s', (series, ok) => {
    expect(seriesValid(series, 'FT')).toBe(ok);
  });

  it('checks codes and source references', () => {
    expect(codeValid('123', 'FT A', 'FT')).toBe(true);
    expect(codeValid('FT SERIES-A/123', '', 'FT')).toBe(true);
    expect(codeValid('NC SERIES-A/1', '', 'FT')).toBe(false);
    expect(sourceRefValid('FT', { 'pt-saft-source': 'M', 'pt-saft-source-ref': 'FTM abc/00001' })).toBe(true);
    expect(sourceRefValid('FT', { 'pt-saft-source': 'M', 'pt-saft-source-ref': 'FTD NC SERIESA/123' })).toBe(false);
  });

  const I = 'GOBL-PT-SAFT-BILL-INVOICE';
  test.each<[string, (d: JsonObject) => void, string[]]>([
    ['a series of another type', (d) => Object.assign(d, { series: 'FS SERIES-A', code: '123' }), [`${I}-04 $.doc`]],
    ['a bad full code', (d) => (d.code = 'FT SERIES-A-123'), [`${I}-05 $.doc`]],
    ['a work type and an invoice type', (d) => (d.tax = { ext: { 'pt-saft-work-type': 'PF' } }), [`${I}-02 $.doc`]],
    ['a line without VAT', (d) => (line(d).taxes = []), [`${I}-07 $.doc.lines[0]`]],
    [
      'a negative advance',
      (d) => (d.payment = { advances: [{ key: 'cash', description: 'x', amount: '-10.00', date: '2025-02-03' }] }),
      [`${I}-16 $.doc.payment.advances[0].amount`],
    ],
    [
      'an invoice-receipt with something due',
      (d) =>
        Object.assign(d, { $tags: ['invoice-receipt'], payment: { advances: [{ key: 'cash', description: 'Sinal', amount: '10.00' }] } }),
      [`${I}-10 $.doc.totals.due`],
    ],
    [
      'two preceding documents',
      (d) =>
        Object.assign(d, {
          type: 'credit-note',
          preceding: [
            { code: 'FT A/1', issue_date: '2025-01-02' },
            { code: 'FT A/2', issue_date: '2025-01-02' },
          ],
        }),
      [`${I}-11 $.doc.preceding`],
    ],
    ['a manual source without reference', (d) => (d.tax = { ext: { 'pt-saft-source': 'M' } }), [`${I}-13 $.doc`]],
    [
      'a manual source reference of another type',
      (d) => (d.tax = { ext: { 'pt-saft-source': 'M', 'pt-saft-source-ref': 'NCM abc/00001' } }),
      [`${I}-14 $.doc`],
    ],
    ['another currency without a rate', (d) => (d.currency = 'USD'), [`${I}-15 $.doc`]],
    ['a zero quantity', (d) => (line(d).quantity = '0'), ['GOBL-PT-SAFT-BILL-LINE-01 $.doc.lines[0].quantity']],
    [
      'a negative discount',
      (d) => (line(d).discounts = [{ amount: '-5.00', reason: 'x' }]),
      ['GOBL-PT-SAFT-BILL-LINE-04 $.doc.lines[0].discounts[0].amount'],
    ],
    [
      'an exemption note of another code',
      (d) => {
        exempt('exempt', 'M19')(d);
        line(d).notes = [{ key: 'legal', src: 'pt-saft-exemption', code: 'M07', text: 'Artigo 9.º do CIVA' }];
      },
      ['GOBL-PT-SAFT-BILL-LINE-05 $.doc.lines[0]'],
    ],
    [
      'an exemption note too short',
      (d) => {
        exempt('exempt', 'M19')(d);
        line(d).notes = [{ key: 'legal', src: 'pt-saft-exemption', code: 'M19', text: 'curt' }];
      },
      ['GOBL-PT-SAFT-ORG-NOTE-01 $.doc.lines[0].notes[0].text'],
    ],
    // Withholdings (IRS, IRC) need no SAF-T codes: only VAT totals are checked.
    ['a retention without SAF-T codes', (d) => (line(d).taxes as JsonObject[]).push({ cat: 'IRS', percent: '25%' }), []],
    [
      'a withholding note longer than 60 characters',
      (d) => {
        (line(d).taxes as JsonObject[]).push({ cat: 'IRS', percent: '25%' });
        d.tax = { notes: [{ cat: 'IRS', text: 'Retenção na fonte de IRS à taxa de 25% nos termos do artigo 101.º do CIRS' }] };
      },
      ['GOBL-PT-SAFT-TAX-NOTE-02 $.doc.tax.notes[0].text'],
    ],
    ['a VAT note of any length', (d) => (d.tax = { notes: [{ cat: 'VAT', text: 'x'.repeat(80) }] }), []],
  ])('faults: %s', (_n, edit, want) => {
    expect(run(edit).faults).toEqual(want);
  });

  it('marks invoices under the cash VAT scheme', () => {
    expect(taxExt(run((d) => (d.$tags = ['cash-vat'])).doc)).toEqual({
      'pt-saft-invoice-type': 'FT',
      'pt-saft-cash-vat': '1',
      'pt-saft-source': 'P',
    });
  });

  const payment = (): JsonObject => ({
    $schema: 'https://gobl.org/draft-0/bill/payment',
    $addons: ['pt-saft-v1'],
    type: 'receipt',
    series: 'RG A',
    code: '1',
    issue_date: '2025-02-03',
    currency: 'EUR',
    methods: [{ key: 'credit-transfer' }],
    supplier: { name: 'Pastelaria Lisboa Lda', tax_id: { country: 'PT', code: '545259045' } },
    lines: [
      {
        document: { series: 'FT A', code: '7', issue_date: '2025-01-20' },
        amount: '123.00',
        tax: {
          categories: [
            {
              code: 'VAT',
              rates: [{ key: 'standard', base: '100.00', percent: '23.0%', ext: { 'pt-region': 'PT', 'pt-saft-tax-rate': 'NOR' } }],
            },
          ],
        },
      },
    ],
  });

  it('gives payments under the cash VAT scheme the type RC, and wants their methods dated on the issue date', () => {
    expect(run(() => {}, payment).doc.ext).toEqual({ 'pt-saft-payment-type': 'RG', 'pt-saft-source': 'P' });
    const cash = run((d) => Object.assign(d, { $tags: ['cash-vat'], series: 'RC A' }), payment);
    expect(cash.doc.ext).toEqual({ 'pt-saft-payment-type': 'RC', 'pt-saft-source': 'P' });
    expect(cash.faults).toEqual([]);
    expect(run((d) => ((d.methods as JsonObject[])[0].date = '2025-02-03'), payment).faults).toEqual([]);
    expect(run((d) => ((d.methods as JsonObject[])[0].date = '2025-02-02'), payment).faults).toEqual([
      'GOBL-PT-SAFT-BILL-PAYMENT-11 $.doc',
    ]);
  });

  it('wants SAF-T codes on the VAT rates of a payment line, not on its withholdings', () => {
    const categories = (d: JsonObject) => (line(d).tax as JsonObject).categories as JsonObject[];
    const irs = { code: 'IRS', retained: true, rates: [{ base: '100.00', percent: '25.0%' }] };
    expect(run((d) => categories(d).push(irs), payment).faults).toEqual([]);
    const bare = run((d) => delete (categories(d)[0].rates as JsonObject[])[0].ext, payment);
    expect(bare.faults).toEqual(['GOBL-PT-SAFT-TAX-CATEGORYTOTAL-01 $.doc.lines[0].tax.categories[0].rates[0].ext']);
  });

  const order = (): JsonObject => ({ ...invoice(), $schema: 'https://gobl.org/draft-0/bill/order', type: 'purchase' });
  const delivery = (): JsonObject => ({
    ...invoice(),
    $schema: 'https://gobl.org/draft-0/bill/delivery',
    type: 'note',
    despatch_date: '2025-02-03',
  });

  it('gives orders and deliveries their SAF-T types', () => {
    expect(taxExt(run(() => {}, order).doc)).toEqual({ 'pt-saft-work-type': 'NE' });
    expect(taxExt(run((d) => (d.type = 'quote'), order).doc)).toEqual({ 'pt-saft-work-type': 'OR' });
    expect(taxExt(run(() => {}, delivery).doc)).toEqual({ 'pt-saft-movement-type': 'GR' });
    expect(taxExt(run((d) => (d.$tags = ['return']), delivery).doc)).toEqual({ 'pt-saft-movement-type': 'GD' });
    expect(taxExt(run((d) => (d.type = 'waybill'), delivery).doc)).toEqual({ 'pt-saft-movement-type': 'GT' });
  });

  it('checks orders and deliveries', () => {
    expect(run((d) => (d.tax = { ext: { 'pt-saft-work-type': 'PF' } }), order).faults).toEqual(['GOBL-PT-SAFT-BILL-ORDER-02 $.doc']);
    expect(run((d) => (d.type = 'sale'), order).faults).toEqual(['GOBL-PT-SAFT-BILL-ORDER-01 $.doc']);
    expect(run((d) => delete d.despatch_date, delivery).faults).toEqual(['GOBL-PT-SAFT-BILL-DELIVERY-06 $.doc.despatch_date']);
    expect(run((d) => (d.type = 'other'), delivery).faults).toEqual(['GOBL-PT-SAFT-BILL-DELIVERY-01 $.doc']);
  });
});
