import { parseZatcaInvoiceType, zatcaInvoiceTypeCode } from '../../../../src/document/addons/sa-zatca';
import type { JsonObject } from '../../../../src/document/base/types';
import { editedRunner } from '../run-edited';

/** sa-zatca-v1 end to end; every expected default, code and path was checked against GOBL with the addon. */

const ctx = { newUuid: () => '0190a5f2-7c3e-7000-8000-000000000002', now: new Date('2025-03-01T10:00:00Z') };

function invoice(): JsonObject {
  const address = (street: string, num: string, code: string) => ({
    street,
    street_extra: 'Al Olaya',
    num,
    locality: 'Riyadh',
    code,
    country: 'SA',
  });
  return {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    $addons: ['sa-zatca-v1'],
    code: 'INV-100',
    issue_date: '2025-02-10',
    issue_time: '09:30:00',
    supplier: {
      name: 'Najd Trading Co.',
      tax_id: { country: 'SA', code: '312345678912343' },
      identities: [{ type: 'CRN', code: '1010010000' }],
      addresses: [address('King Fahd Road', '1234', '12345')],
    },
    customer: {
      name: 'Hijaz Services LLC',
      identities: [{ type: 'TIN', code: '123456789012345' }],
      addresses: [address('Olaya Street', '5678', '54321')],
    },
    delivery: { date: '2025-02-10' },
    payment: { instructions: { key: 'credit-transfer' }, terms: { notes: 'Due in 30 days' } },
    lines: [{ quantity: '4', item: { name: 'Consulting', price: '250.00', unit: 'h' }, taxes: [{ cat: 'VAT', rate: 'standard' }] }],
  };
}

const run = editedRunner(ctx, invoice);

const taxOf = (d: JsonObject) => d.tax as JsonObject;
const customer = (d: JsonObject) => d.customer as JsonObject;
const combo = (d: JsonObject) => ((d.lines as JsonObject[])[0].taxes as JsonObject[])[0];
const zeroRated = (reason: string) => (d: JsonObject) => {
  (combo(d) as JsonObject).rate = 'zero';
  combo(d).ext = { 'cef-vatex': reason };
};

describe('sa-zatca-v1', () => {
  it('reads and writes the invoice transaction type', () => {
    expect(parseZatcaInvoiceType('0211010')).toEqual({
      simplified: true,
      thirdParty: true,
      nominal: true,
      export: false,
      summary: true,
      selfBilled: false,
    });
    expect(parseZatcaInvoiceType('')).toEqual(parseZatcaInvoiceType('0100000'));
    expect(zatcaInvoiceTypeCode(parseZatcaInvoiceType('0101001'))).toBe('0101001');
  });

  it('adds EN 16931, rounds per currency, sets the transaction type and document type 388', () => {
    const { doc, faults } = run();
    expect(faults).toEqual([]);
    expect(doc.$addons).toEqual(['eu-en16931-v2017', 'sa-zatca-v1']);
    expect(taxOf(doc)).toEqual({ rounding: 'currency', ext: { 'sa-zatca-invoice-type': '0100000', 'untdid-document-type': '388' } });
  });

  test.each<[string, string[], string]>([
    ['simplified', ['simplified'], '0200000'],
    ['self-billed', ['self-billed'], '0100001'],
    ['third party and nominal', ['third-party', 'nominal'], '0111000'],
    ['every flag', ['simplified', 'third-party', 'nominal', 'export', 'summary', 'self-billed'], '0211111'],
  ])('tags give the transaction type: %s', (_n, tags, code) => {
    const { doc } = run((d) => (d.$tags = tags));
    expect((taxOf(doc).ext as JsonObject)['sa-zatca-invoice-type']).toBe(code);
  });

  it('keeps a given transaction type, and a credit note keeps EN 16931 type 381', () => {
    const given = run((d) => (d.tax = { ext: { 'sa-zatca-invoice-type': '0200000' } }));
    expect((taxOf(given.doc).ext as JsonObject)['sa-zatca-invoice-type']).toBe('0200000');
    const credit = run((d) => {
      d.type = 'credit-note';
      d.preceding = [{ code: 'INV-099', issue_date: '2025-01-10', reason: 'Returned goods' }];
    });
    expect((taxOf(credit.doc).ext as JsonObject)['untdid-document-type']).toBe('381');
    expect(credit.faults).toEqual([]);
  });

  it('sets the issue time from the clock when none is given', () => {
    const { doc } = run((d) => delete d.issue_time);
    expect(doc.issue_time).toBe('13:00:00');
    expect(doc.issue_date).toBe('2025-03-01');
  });

  it('adds a tax note naming the exemption reason of zero, exempt and out-of-scope lines', () => {
    const { doc, faults } = run(zeroRated('VATEX-SA-35'));
    expect(faults).toEqual([]);
    expect(taxOf(doc).notes).toEqual([
      { cat: 'VAT', key: 'zero', text: 'Medicines and medical equipment', ext: { 'untdid-tax-category': 'Z' } },
    ]);
  });

  const I = 'GOBL-SA-ZATCA-BILL-INVOICE';
  const C = 'GOBL-SA-ZATCA-TAX-COMBO';
  const A = 'GOBL-SA-ZATCA-ORG-ADDRESS';
  test.each<[string, (d: JsonObject) => void, string[]]>([
    ['an unknown transaction type', (d) => (d.tax = { ext: { 'sa-zatca-invoice-type': '0300000' } }), [`${I}-06 $.doc.tax.ext`]],
    ['a proforma (no ZATCA document type)', (d) => (d.type = 'proforma'), [`${I}-05 $.doc.tax.ext`]],
    ['a credit note without reference', (d) => (d.type = 'credit-note'), [`${I}-07 $.doc.preceding`]],
    [
      'a credit note reference without code or reason',
      (d) => {
        d.type = 'credit-note';
        d.preceding = [{ issue_date: '2025-01-10' }];
      },
      ['GOBL-ORG-DOCUMENTREF-01 $.doc.preceding[0].code', `${I}-08 $.doc.preceding[0].code`, `${I}-09 $.doc.preceding[0].reason`],
    ],
    [
      'a bare customer address on a standard invoice',
      (d) => (customer(d).addresses = [{ code: '12345' }]),
      [
        `${I}-10 $.doc.customer.addresses[0].street`,
        `${I}-11 $.doc.customer.addresses[0].locality`,
        `${I}-12 $.doc.customer.addresses[0].country`,
        'GOBL-EU-EN16931-ORG-ADDRESS-01 $.doc.customer.addresses[0].country',
        `${A}-01 $.doc.customer.addresses[0].country`,
      ].sort(),
    ],
    ['a customer without identification', (d) => delete customer(d).identities, [`${I}-13 $.doc.customer`]],
    ['a customer with an unaccepted identity', (d) => (customer(d).identities = [{ type: 'XXX', code: '1' }]), [`${I}-13 $.doc.customer`]],
    ['a line without taxes', (d) => delete (d.lines as JsonObject[])[0].taxes, [`${I}-14 $.doc.lines[0].taxes`]],
    ['no delivery', (d) => delete d.delivery, [`${I}-15 $.doc.delivery`]],
    ['no supply date', (d) => delete (d.delivery as JsonObject).date, [`${I}-16 $.doc.delivery.date`]],
    [
      'an export with a customer tax ID',
      (d) => {
        d.$tags = ['export'];
        customer(d).tax_id = { country: 'AE', code: '100000000000003' };
      },
      [`${I}-17 $.doc.customer.tax_id`],
    ],
    [
      'a simplified summary without delivery period',
      (d) => {
        d.$tags = ['simplified', 'summary'];
        delete (d.delivery as JsonObject).period;
      },
      [`${I}-19 $.doc.delivery.period`],
    ],
    [
      'a simplified summary without delivery',
      (d) => {
        d.$tags = ['simplified', 'summary'];
        delete d.delivery;
      },
      [`${I}-18 $.doc.delivery`],
    ],
    [
      'private education without national ID',
      (d) => {
        zeroRated('VATEX-SA-EDU')(d);
      },
      [`${I}-22 $.doc.customer.identities`],
    ],
    [
      'a simplified invoice for private education without customer',
      (d) => {
        d.$tags = ['simplified'];
        delete d.customer;
        zeroRated('VATEX-SA-EDU')(d);
      },
      [`${I}-23 $.doc.customer`],
    ],
    ['a customer without name', (d) => delete customer(d).name, [`${I}-24 $.doc.customer.name`]],
    [
      'a supplier tax ID without code',
      (d) => delete ((d.supplier as JsonObject).tax_id as JsonObject).code,
      [`${I}-26 $.doc.supplier.tax_id.code`],
    ],
    ['a supplier without identity', (d) => delete (d.supplier as JsonObject).identities, [`${I}-27 $.doc.supplier.identities`]],
    [
      'a self-billed invoice with an unregistered customer',
      (d) => (d.$tags = ['self-billed']),
      [`${I}-28 $.doc.customer.tax_id`, `${I}-30 $.doc.customer.identities`],
    ],
    [
      'a line charge',
      (d) => ((d.lines as JsonObject[])[0].charges = [{ amount: '1.00', reason: 'Handling' }]),
      ['GOBL-SA-ZATCA-BILL-LINE-01 $.doc.lines[0].charges'],
    ],
    [
      'a Saudi address with a short number and a bad postal code',
      (d) =>
        ((d.supplier as JsonObject).addresses = [
          { country: 'SA', num: '12', code: 'ABCDE', street: 'X', locality: 'Y', street_extra: 'Z' },
        ]),
      [`${A}-03 $.doc.supplier.addresses[0].num`, `${A}-04 $.doc.supplier.addresses[0].code`],
    ],
    ['a zero rate without reason', (d) => ((combo(d) as JsonObject).rate = 'zero'), [`${C}-01 $.doc.lines[0].taxes[0].ext`]],
    ['a zero rate with an exempt reason', zeroRated('VATEX-SA-29'), [`${C}-01 $.doc.lines[0].taxes[0].ext`]],
    ['a standard rate with a reason', (d) => (combo(d).ext = { 'cef-vatex': 'VATEX-SA-35' }), [`${C}-01 $.doc.lines[0].taxes[0].ext`]],
    [
      'reverse charge (category AE)',
      (d) => {
        delete combo(d).rate;
        combo(d).key = 'reverse-charge';
      },
      ['GOBL-EU-EN16931-BILL-INVOICE-08 $.doc', `${C}-02 $.doc.lines[0].taxes[0].ext`],
    ],
  ])('faults: %s', (_n, edit, want) => {
    expect(run(edit).faults).toEqual(want);
  });
});
