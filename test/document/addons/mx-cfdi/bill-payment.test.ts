import { processDocument } from '../../../../src/document';
import type { Fault, JsonObject } from '../../../../src/document/base/types';

/**
 * CFDI payment receipts ("complemento de pago", gobl.mx.cfdi v0.63.0). The values, fault codes and paths below
 * are those GOBL v0.502.1 built with that module gives for the same documents.
 */

const NOW = new Date('2025-01-01T18:30:00Z'); // 12:30:00 in Mexico City
const ctx = { newUuid: () => '0190f0b8-0000-7000-8000-00000000ffff', now: NOW };

function payment(edit: (doc: JsonObject) => void = () => undefined): JsonObject {
  const doc: JsonObject = {
    $schema: 'https://gobl.org/draft-0/bill/payment',
    $addons: ['mx-cfdi-v4'],
    type: 'receipt',
    series: 'P',
    code: '12',
    issue_date: '2024-12-30',
    currency: 'MXN',
    ext: { 'mx-cfdi-issue-place': '26015' },
    methods: [{ key: 'credit-transfer' }],
    supplier: { name: 'Escuela Kemper Urgate', tax_id: { country: 'MX', code: 'EKU9003173C9' }, ext: { 'mx-cfdi-fiscal-regime': '601' } },
    customer: {
      name: 'Universidad Robotica Española',
      tax_id: { country: 'MX', code: 'URE180429TM6' },
      addresses: [{ code: '65000' }],
      ext: { 'mx-cfdi-fiscal-regime': '601' },
    },
    lines: [
      {
        installment: 1,
        document: {
          series: 'LMC',
          code: '10',
          issue_date: '2024-12-01',
          stamps: [{ prv: 'sat-uuid', val: '1fac4464-1111-0000-1111-cd37179db12e' }],
        },
        payable: '500.00',
        amount: '200.00',
      },
    ],
  };
  edit(doc);
  return doc;
}

function run(doc: JsonObject): { doc: JsonObject; faults: string[] } {
  const r = processDocument(doc, ctx);
  if (!r.ok) throw new Error(r.message);
  return { doc: r.envelope.doc, faults: r.faults.map((f: Fault) => `${f.code} ${f.paths.join(',')}`).sort() };
}

describe('mx-cfdi-v4 payments', () => {
  it('are CFDIs of type P issued now, for the use CP01, replacing their preceding documents', () => {
    const { doc, faults } = run(
      payment((d) => (d.preceding = [{ code: '9', stamps: [{ prv: 'sat-uuid', val: '2fac4464-1111-0000-1111-cd37179db12e' }] }])),
    );
    expect(faults).toEqual([]);
    expect(doc.ext).toEqual({ 'mx-cfdi-doc-type': 'P', 'mx-cfdi-issue-place': '26015' });
    expect([doc.issue_date, doc.issue_time]).toEqual(['2025-01-01', '12:30:00']);
    expect((doc.customer as JsonObject).ext).toEqual({ 'mx-cfdi-fiscal-regime': '601', 'mx-cfdi-use': 'CP01' });
    expect((doc.preceding as JsonObject[])[0].ext).toEqual({ 'mx-cfdi-rel-type': '04' });
    expect((doc.lines as JsonObject[])[0].due).toBe('300.00');
  });

  it('keep a given issue time, and a customer use (refused unless CP01)', () => {
    const { doc, faults } = run(
      payment((d) => {
        d.issue_time = '09:15:00';
        ((d.customer as JsonObject).ext as JsonObject)['mx-cfdi-use'] = 'G01';
      }),
    );
    expect([doc.issue_date, doc.issue_time]).toEqual(['2024-12-30', '09:15:00']);
    expect(faults).toEqual(['GOBL-MX-CFDI-BILL-PAYMENT-11 $.doc.customer.ext']);
  });

  it.each<[string, (d: JsonObject) => void, string[]]>([
    ['a payment request', (d) => (d.type = 'request'), ['GOBL-MX-CFDI-BILL-PAYMENT-01 $.doc']],
    ['dollars without a rate to pesos', (d) => (d.currency = 'USD'), ['GOBL-MX-CFDI-BILL-PAYMENT-02 $.doc']],
    ['no issue place', (d) => delete d.ext, ['GOBL-MX-CFDI-BILL-PAYMENT-03 $.doc.ext']],
    ['no customer', (d) => delete d.customer, ['GOBL-MX-CFDI-BILL-PAYMENT-08 $.doc.customer']],
    [
      'a Mexican customer without its post code',
      (d) => ((d.customer as JsonObject).addresses = [{ street: 'Calle 1' }]),
      ['GOBL-MX-CFDI-BILL-PAYMENT-14 $.doc.customer.addresses[0].code'],
    ],
    ['a payee', (d) => (d.payee = { name: 'Cobrador' }), ['GOBL-MX-CFDI-BILL-PAYMENT-16 $.doc.payee']],
    // GOBL's own rule adds that the methods' amounts must add up to the total.
    [
      'two methods',
      (d) => (d.methods = [{ key: 'cash' }, { key: 'card' }]),
      ['GOBL-BILL-PAYMENT-08 $.doc', 'GOBL-MX-CFDI-BILL-PAYMENT-17 $.doc.methods'],
    ],
    [
      'a line without instalment, payable or stamp',
      (d) => {
        const l = (d.lines as JsonObject[])[0];
        delete l.installment;
        delete l.payable;
        delete (l.document as JsonObject).stamps;
      },
      [
        'GOBL-MX-CFDI-BILL-PAYMENT-21 $.doc.lines[0].installment',
        'GOBL-MX-CFDI-BILL-PAYMENT-22 $.doc.lines[0].payable',
        'GOBL-MX-CFDI-BILL-PAYMENT-23 $.doc.lines[0].due',
        'GOBL-MX-CFDI-BILL-PAYMENT-25 $.doc.lines[0].document.stamps',
      ],
    ],
    ['a refund line', (d) => ((d.lines as JsonObject[])[0].refund = true), ['GOBL-MX-CFDI-BILL-PAYMENT-20 $.doc.lines[0].refund']],
    [
      'a preceding document without its stamp',
      (d) => (d.preceding = [{ code: '9' }]),
      ['GOBL-MX-CFDI-BILL-PAYMENT-30 $.doc.preceding[0].stamps'],
    ],
  ])('refuse %s', (_name, edit, want) => {
    expect(run(payment(edit)).faults).toEqual(want);
  });
});
