import { processDocument } from '../../../../src/document';
import { addonDefinition, knownAddon } from '../../../../src/document/addons';
import type { Fault, JsonObject } from '../../../../src/document/base/types';

/**
 * The mx-cfdi-v4 addon (gobl.mx.cfdi v0.63.0) end to end. Every expectation below (values, fault codes
 * and paths) was checked against GOBL v0.502.1 built with that module, on the same documents.
 */

const NOW = new Date('2025-01-01T18:30:00Z'); // 12:30:00 in Mexico City
const FV = 'https://gobl.org/draft-0/regimes/mx/food-vouchers';
const FAB = 'https://gobl.org/draft-0/regimes/mx/fuel-account-balance';

type Edit = (doc: JsonObject) => void;

function invoice(edit: Edit = () => undefined): JsonObject {
  const doc: JsonObject = {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    $regime: 'MX',
    $addons: ['mx-cfdi-v4'],
    series: 'LMC',
    code: '0010',
    issue_date: '2023-05-29',
    issue_time: '12:00:00',
    currency: 'MXN',
    tax: { ext: { 'mx-cfdi-issue-place': '26015' } },
    supplier: {
      name: 'Escuela Kemper Urgate',
      tax_id: { country: 'MX', code: 'EKU9003173C9' },
      ext: { 'mx-cfdi-fiscal-regime': '601' },
    },
    customer: {
      name: 'Universidad Robotica Española',
      tax_id: { country: 'MX', code: 'URE180429TM6' },
      addresses: [{ code: '65000' }],
      ext: { 'mx-cfdi-fiscal-regime': '601', 'mx-cfdi-use': 'G01' },
    },
    lines: [
      {
        quantity: '2',
        item: { name: 'Cigarros', price: '100.00', ext: { 'mx-cfdi-prod-serv': '50211502' } },
        taxes: [{ cat: 'VAT', rate: 'general' }],
      },
    ],
  };
  edit(doc);
  return doc;
}

function run(doc: JsonObject): { doc: JsonObject; faults: Fault[] } {
  const out = processDocument(doc, { newUuid: () => '0190c8a4-0000-7000-8000-000000000000', now: NOW });
  if (!out.ok) throw new Error(out.message);
  return { doc: out.envelope.doc as JsonObject, faults: out.faults };
}

/** The addon's faults as "code path,path", sorted. */
function mxFaults(doc: JsonObject): string[] {
  return run(doc)
    .faults.filter((f) => f.code.startsWith('GOBL-MX-CFDI-'))
    .map((f) => `${f.code.replace('GOBL-MX-CFDI-', '')} ${f.paths.join(',')}`)
    .sort();
}

const at = (node: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>((n, k) => (n as Record<string | number, unknown> | undefined)?.[k], node);

describe('mx-cfdi-v4 definition', () => {
  it('is registered with its tag and extension lists', () => {
    expect(knownAddon('mx-cfdi-v4')).toBe(true);
    const def = addonDefinition('mx-cfdi-v4');
    expect(def?.tags).toEqual({ 'bill/invoice': ['global'] });
    const codes = (key: string) => def?.extensions.find((e) => e.key === key)?.codes;
    expect(codes('mx-cfdi-doc-type')).toEqual(['I', 'E', 'P']);
    expect(codes('mx-cfdi-payment-method')).toEqual(['PUE', 'PPD']);
    expect(codes('mx-cfdi-fiscal-regime')).toHaveLength(19);
    expect(codes('mx-cfdi-use')).toHaveLength(24);
    expect(codes('mx-cfdi-payment-means')).toHaveLength(22);
    expect(codes('mx-cfdi-global-month')).toHaveLength(18);
    expect(def?.extensions.find((e) => e.key === 'mx-cfdi-issue-place')?.pattern).toBe('^[0-9]{5}$');
  });
});

describe('mx-cfdi-v4 scenarios and defaults', () => {
  it('gives a standard unpaid invoice type I and method PPD, and is valid', () => {
    const { doc, faults } = run(invoice());
    expect(faults).toEqual([]);
    expect(at(doc, 'tax', 'ext')).toEqual({
      'mx-cfdi-doc-type': 'I',
      'mx-cfdi-issue-place': '26015',
      'mx-cfdi-payment-method': 'PPD',
    });
    expect(at(doc, 'issue_date')).toBe('2023-05-29');
    expect(at(doc, 'issue_time')).toBe('12:00:00');
  });

  it('gives a paid invoice method PUE and the advance its payment means', () => {
    const { doc, faults } = run(
      invoice((d) => {
        d.payment = { advances: [{ description: 'x', percent: '100%', key: 'card' }] };
      }),
    );
    expect(faults).toEqual([]);
    expect(at(doc, 'tax', 'ext', 'mx-cfdi-payment-method')).toBe('PUE');
    expect(at(doc, 'payment', 'advances', 0, 'ext')).toEqual({ 'mx-cfdi-payment-means': '04' });
  });

  it('gives a credit note type E and relation 01', () => {
    const { doc, faults } = run(
      invoice((d) => {
        d.type = 'credit-note';
        d.preceding = [{ code: '123', stamps: [{ prv: 'sat-uuid', val: 'abc' }] }];
      }),
    );
    expect(faults).toEqual([]);
    expect(at(doc, 'tax', 'ext')).toEqual({
      'mx-cfdi-doc-type': 'E',
      'mx-cfdi-issue-place': '26015',
      'mx-cfdi-payment-method': 'PPD',
      'mx-cfdi-rel-type': '01',
    });
  });

  test.each([
    ['missing', undefined],
    ['midnight', '00:00:00'],
  ])('stamps the current Mexico City date and time when the issue time is %s', (_n, time) => {
    const { doc } = run(
      invoice((d) => {
        if (time === undefined) delete d.issue_time;
        else d.issue_time = time;
      }),
    );
    expect(at(doc, 'issue_date')).toBe('2025-01-01');
    expect(at(doc, 'issue_time')).toBe('12:30:00');
  });

  it('completes six-digit product keys and moves legacy identities to extensions', () => {
    const { doc, faults } = run(
      invoice((d) => {
        const item = at(d, 'lines', 0, 'item') as JsonObject;
        delete item.ext;
        item.identities = [
          { key: 'mx-cfdi-prod-serv', code: '502115' },
          { type: 'SKU', code: 'A1' },
        ];
        const customer = d.customer as JsonObject;
        delete customer.ext;
        customer.identities = [
          { key: 'mx-cfdi-fiscal-regime', code: '601' },
          { key: 'mx-cfdi-use', code: 'G01' },
        ];
      }),
    );
    expect(faults).toEqual([]);
    expect(at(doc, 'lines', 0, 'item', 'ext')).toEqual({ 'mx-cfdi-prod-serv': '50211500' });
    expect(at(doc, 'lines', 0, 'item', 'identities')).toEqual([{ type: 'SKU', code: 'A1' }]);
    expect(at(doc, 'customer', 'ext')).toEqual({ 'mx-cfdi-fiscal-regime': '601', 'mx-cfdi-use': 'G01' });
    expect(at(doc, 'customer', 'identities')).toBeUndefined();
  });

  test.each([
    ['credit-transfer', undefined, '03'],
    ['online+wallet', undefined, '05'],
    ['other+grocery-vouchers', undefined, '08'],
    ['card+debit', undefined, '28'],
    ['other+debit', undefined, '28'],
    ['cash', '99', '01'],
    ['any', '99', '99'],
  ])('payment instructions %s (ext %s) get means %s', (key, given, want) => {
    const { doc } = run(
      invoice((d) => {
        d.payment = { instructions: { key, ...(given ? { ext: { 'mx-cfdi-payment-means': given } } : {}) } };
      }),
    );
    expect(at(doc, 'payment', 'instructions', 'ext', 'mx-cfdi-payment-means')).toBe(want);
  });

  it('drops the customer of a global invoice', () => {
    const { doc, faults } = run(
      invoice((d) => {
        d.$tags = ['global'];
        d.payment = { advances: [{ description: 'x', percent: '100%', key: 'cash' }] };
        Object.assign((d.tax as JsonObject).ext as JsonObject, {
          'mx-cfdi-global-period': '01',
          'mx-cfdi-global-month': '13',
          'mx-cfdi-global-year': '2023',
        });
        (at(d, 'lines', 0, 'item') as JsonObject).ref = 'T1';
      }),
    );
    expect(faults).toEqual([]);
    expect(doc.customer).toBeUndefined();
  });

  test.each<[string, Edit]>([
    [
      'the supplier address',
      (d) => {
        (d.supplier as JsonObject).addresses = [{ code: '11000' }];
      },
    ],
    [
      'the legacy supplier post code',
      (d) => {
        ((d.supplier as JsonObject).ext as JsonObject)['mx-cfdi-post-code'] = '11000';
      },
    ],
  ])('takes the issue place from %s (MX regime)', (_n, edit) => {
    const { doc, faults } = run(
      invoice((d) => {
        delete ((d.tax as JsonObject).ext as JsonObject)['mx-cfdi-issue-place'];
        edit(d);
      }),
    );
    expect(faults).toEqual([]);
    expect(at(doc, 'tax', 'ext', 'mx-cfdi-issue-place')).toBe('11000');
    expect(at(doc, 'supplier', 'ext')).toEqual({ 'mx-cfdi-fiscal-regime': '601' });
  });

  it("moves a customer's legacy post code to its address (MX regime)", () => {
    const { doc, faults } = run(
      invoice((d) => {
        const customer = d.customer as JsonObject;
        delete customer.addresses;
        (customer.ext as JsonObject)['mx-cfdi-post-code'] = '11000';
      }),
    );
    expect(faults).toEqual([]);
    expect(at(doc, 'customer', 'addresses')).toEqual([{ code: '11000' }]);
    expect(at(doc, 'customer', 'ext')).toEqual({ 'mx-cfdi-fiscal-regime': '601', 'mx-cfdi-use': 'G01' });
  });
});

describe('mx-cfdi-v4 invoice rules', () => {
  const customer = (d: JsonObject) => d.customer as JsonObject;
  const line = (d: JsonObject) => at(d, 'lines', 0) as JsonObject;
  const item = (d: JsonObject) => at(d, 'lines', 0, 'item') as JsonObject;
  const taxExt = (d: JsonObject) => (d.tax as JsonObject).ext as JsonObject;
  const stamped = [{ code: '123', stamps: [{ prv: 'sat-uuid', val: 'abc' }] }];

  test.each<[string, Edit, string[]]>([
    [
      'no issue place',
      (d) => {
        delete taxExt(d)['mx-cfdi-issue-place'];
      },
      ['BILL-INVOICE-01 $.doc.tax.ext'],
    ],
    [
      'tax without extensions',
      (d) => {
        d.type = 'proforma';
        d.tax = { prices_include: 'VAT' };
      },
      ['BILL-INVOICE-01 $.doc.tax.ext'],
    ],
    [
      'no tax at all (proforma)',
      (d) => {
        d.type = 'proforma';
        delete d.tax;
      },
      [],
    ],
    [
      'global without anything',
      (d) => {
        d.$tags = ['global'];
      },
      ['BILL-INVOICE-02 $.doc.tax.ext', 'BILL-INVOICE-04 $.doc.payment', 'BILL-INVOICE-06 $.doc.lines[0].item.ref'],
    ],
    [
      'global without advances',
      (d) => {
        d.$tags = ['global'];
        d.payment = { terms: { key: 'instant' } };
      },
      ['BILL-INVOICE-02 $.doc.tax.ext', 'BILL-INVOICE-05 $.doc.payment.advances', 'BILL-INVOICE-06 $.doc.lines[0].item.ref'],
    ],
    [
      'global extensions in part',
      (d) => {
        taxExt(d)['mx-cfdi-global-period'] = '01';
      },
      ['BILL-INVOICE-07 $.doc.tax.ext'],
    ],
    [
      'customer without tax ID',
      (d) => {
        delete customer(d).tax_id;
      },
      ['BILL-INVOICE-08 $.doc.customer.tax_id'],
    ],
    [
      'customer tax ID without code',
      (d) => {
        delete (customer(d).tax_id as JsonObject).code;
      },
      ['BILL-INVOICE-09 $.doc.customer.tax_id.code'],
    ],
    [
      'Mexican customer without extensions',
      (d) => {
        delete customer(d).ext;
      },
      ['BILL-INVOICE-10 $.doc.customer.ext'],
    ],
    [
      'Mexican customer without address',
      (d) => {
        delete customer(d).addresses;
      },
      ['BILL-INVOICE-11 $.doc.customer.addresses'],
    ],
    [
      'customer address without code',
      (d) => {
        customer(d).addresses = [{ street: 'Calle 1' }];
      },
      ['BILL-INVOICE-12 $.doc.customer.addresses[0].code'],
    ],
    [
      'customer post code of four digits',
      (d) => {
        customer(d).addresses = [{ code: '1234' }];
      },
      ['BILL-INVOICE-13 $.doc.customer.addresses[0].code'],
    ],
    [
      'foreign customer',
      (d) => {
        d.customer = { name: 'X', tax_id: { country: 'US', code: '123' } };
      },
      [],
    ],
    [
      'no customer',
      (d) => {
        delete d.customer;
      },
      [],
    ],
    [
      'item without product key',
      (d) => {
        delete item(d).ext;
      },
      ['BILL-INVOICE-14 $.doc.lines[0].item.ext'],
    ],
    [
      'product key of seven digits',
      (d) => {
        item(d).ext = { 'mx-cfdi-prod-serv': '1234567' };
      },
      ['BILL-INVOICE-15 $.doc.lines[0].item.ext'],
    ],
    [
      'product key with a letter',
      (d) => {
        item(d).ext = { 'mx-cfdi-prod-serv': '5021150A' };
      },
      ['BILL-INVOICE-15 $.doc.lines[0].item.ext'],
    ],
    [
      'preceding without relation or stamp',
      (d) => {
        d.preceding = [{ code: '123', issue_date: '2023-01-01' }];
      },
      ['BILL-INVOICE-16 $.doc.tax.ext', 'BILL-INVOICE-17 $.doc.preceding[0].stamps'],
    ],
    [
      'preceding with relation and stamp',
      (d) => {
        d.preceding = stamped;
        taxExt(d)['mx-cfdi-rel-type'] = '04';
      },
      [],
    ],
    [
      'supplier without tax ID',
      (d) => {
        delete (d.supplier as JsonObject).tax_id;
      },
      ['BILL-INVOICE-18 $.doc.supplier.tax_id'],
    ],
    [
      'supplier tax ID without code',
      (d) => {
        delete ((d.supplier as JsonObject).tax_id as JsonObject).code;
      },
      ['BILL-INVOICE-19 $.doc.supplier.tax_id.code'],
    ],
    [
      'supplier without fiscal regime',
      (d) => {
        delete (d.supplier as JsonObject).ext;
      },
      ['BILL-INVOICE-20 $.doc.supplier.ext'],
    ],
    [
      'zero quantity',
      (d) => {
        line(d).quantity = '0';
      },
      ['BILL-INVOICE-21 $.doc.lines[0].quantity'],
    ],
    [
      'no price',
      (d) => {
        delete item(d).price;
      },
      ['BILL-INVOICE-22 $.doc.lines[0].item.price'],
    ],
    [
      'zero price',
      (d) => {
        item(d).price = '0';
      },
      ['BILL-INVOICE-23 $.doc.lines[0].item.price'],
    ],
    [
      'discount above the line sum',
      (d) => {
        line(d).discounts = [{ amount: '300' }];
      },
      ['BILL-INVOICE-24 $.doc.lines[0].total'],
    ],
    [
      'document discount',
      (d) => {
        d.discounts = [{ percent: '10%', reason: 'x' }];
      },
      ['BILL-INVOICE-25 $.doc.discounts'],
    ],
    [
      'document charge',
      (d) => {
        d.charges = [{ amount: '10', reason: 'x' }];
      },
      ['BILL-INVOICE-26 $.doc.charges'],
    ],
    [
      'USD without a rate',
      (d) => {
        d.currency = 'USD';
      },
      ['BILL-INVOICE-27 $.doc'],
    ],
    [
      'USD with a rate',
      (d) => {
        d.currency = 'USD';
        d.exchange_rates = [{ from: 'USD', to: 'MXN', amount: '17.5' }];
      },
      [],
    ],
    [
      'codes outside the lists',
      (d) => {
        taxExt(d)['mx-cfdi-doc-type'] = 'X';
        (d.supplier as JsonObject).ext = { 'mx-cfdi-fiscal-regime': '600' };
      },
      [],
    ],
    [
      'advance without means',
      (d) => {
        d.payment = { advances: [{ description: 'x', amount: '10' }] };
      },
      ['PAY-RECORD-01 $.doc.payment.advances[0].ext'],
    ],
    [
      'instructions without means',
      (d) => {
        d.payment = { instructions: { key: 'other' } };
      },
      ['PAY-INSTRUCTIONS-01 $.doc.payment.instructions.ext'],
    ],
    [
      'term notes over 1000 bytes',
      (d) => {
        d.payment = { terms: { key: 'instant', notes: 'ñ'.repeat(1000) } };
      },
      ['PAY-TERMS-01 $.doc.payment.terms.notes'],
    ],
  ])('%s', (_n, edit, want) => {
    expect(mxFaults(invoice(edit))).toEqual(want);
  });

  it('merges one rule broken on several lines into one fault', () => {
    const doc = invoice((d) => {
      (d.lines as JsonObject[]).push(JSON.parse(JSON.stringify(line(d))));
      for (const l of d.lines as JsonObject[]) delete (l.item as JsonObject).ext;
    });
    expect(mxFaults(doc)).toEqual(['BILL-INVOICE-14 $.doc.lines[0].item.ext,$.doc.lines[1].item.ext']);
  });

  it('checks the means of payment methods in a payment', () => {
    const inv = invoice();
    const payment: JsonObject = {
      $schema: 'https://gobl.org/draft-0/bill/payment',
      $regime: 'MX',
      $addons: ['mx-cfdi-v4'],
      type: 'receipt',
      series: 'P',
      code: '1',
      issue_date: '2023-06-01',
      currency: 'MXN',
      ext: { 'mx-cfdi-issue-place': '26015' },
      supplier: inv.supplier,
      // A payment's customer has the use CP01.
      customer: { ...(inv.customer as JsonObject), ext: { 'mx-cfdi-fiscal-regime': '601', 'mx-cfdi-use': 'CP01' } },
      lines: [
        {
          installment: 1,
          document: { code: '0010', issue_date: '2023-05-29', stamps: [{ prv: 'sat-uuid', val: 'x' }] },
          payable: '232.00',
          amount: '232.00',
        },
      ],
      methods: [{ key: 'credit-transfer', amount: '232.00', description: 'x' }],
    };
    const { doc, faults } = run(payment);
    expect(faults).toEqual([]);
    expect(at(doc, 'methods', 0, 'ext')).toEqual({ 'mx-cfdi-payment-means': '03' });
    delete (at(payment, 'methods', 0) as JsonObject).key;
    expect(mxFaults(payment)).toEqual(['BILL-PAYMENT-18 $.doc.methods[0].ext', 'PAY-RECORD-01 $.doc.methods[0].ext']);
  });
});

describe('mx-cfdi-v4 complements', () => {
  const fuelLine = (n: number): JsonObject => ({
    e_wallet_id: '1234',
    purchase_date_time: '2022-07-19T10:20:30',
    vendor_tax_code: 'RWT860605OF5',
    service_station_code: `817165${n}`,
    quantity: n === 0 ? '9.661' : '9.68',
    item: { type: '3', unit: 'l', name: 'Diesel', price: n === 0 ? '12.743' : '12.709' },
    purchase_code: `279466${n}`,
    total: '1',
    taxes: [
      { cat: 'VAT', percent: '16.00%' },
      { cat: 'IEPS', rate: '5.9195' },
    ],
  });
  const fuel = (edit: Edit = () => undefined): JsonObject => {
    const c: JsonObject = { $schema: FAB, account_number: '0123456789', total: '1', lines: [fuelLine(0), fuelLine(1)] };
    edit(c);
    return c;
  };
  const voucherLine = (): JsonObject => ({
    e_wallet_id: 'ABC1234',
    issue_date_time: '2022-07-19T10:20:30',
    employee: { tax_code: 'JUFA7608212V6', curp: 'JUFA760821MDFRRR00', name: 'Adriana Juarez Fernández', social_security: '12345678901' },
    amount: '10.12',
  });
  const vouchers = (edit: Edit = () => undefined): JsonObject => {
    const c: JsonObject = { $schema: FV, account_number: '0123456789', lines: [voucherLine(), { ...voucherLine(), amount: 20.4 }] };
    edit(c);
    return c;
  };
  const withComplement = (c: JsonObject) =>
    invoice((d) => {
      d.complements = [c];
    });
  const cpath = (p: string) => `$.doc.complements[0]${p}`;

  it('calculates a fuel account balance', () => {
    const { doc, faults } = run(withComplement(fuel()));
    expect(faults).toEqual([]);
    const c = at(doc, 'complements', 0) as JsonObject;
    expect(c.subtotal).toBe('246.13');
    expect(c.total).toBe('400.00');
    expect(at(c, 'lines', 1)).toEqual({
      i: 2,
      e_wallet_id: '1234',
      purchase_date_time: '2022-07-19T10:20:30',
      vendor_tax_code: 'RWT860605OF5',
      service_station_code: '8171651',
      quantity: '9.680',
      item: { type: '3', unit: 'l', name: 'Diesel', price: '12.709' },
      purchase_code: '2794661',
      total: '123.02',
      taxes: [
        { cat: 'VAT', percent: '16.00%', amount: '19.68' },
        { cat: 'IEPS', rate: '5.9195', amount: '57.30' },
      ],
    });
  });

  it('calculates food vouchers, dropping unknown fields', () => {
    const { doc, faults } = run(
      withComplement(
        vouchers((c) => {
          c.extra = 1;
        }),
      ),
    );
    expect(faults).toEqual([]);
    const c = at(doc, 'complements', 0) as JsonObject;
    expect(Object.keys(c)).toEqual(['$schema', 'account_number', 'total', 'lines']);
    expect(c.total).toBe('30.52');
    expect(at(c, 'lines', 1, 'i')).toBe(2);
    expect(at(c, 'lines', 1, 'amount')).toBe('20.40');
  });

  it('calculates complements without the addon, but does not check them', () => {
    const doc = invoice((d) => {
      delete d.$addons;
      d.complements = [{ $schema: FV, account_number: '1', lines: [{ amount: '1.5' }] }];
    });
    const out = run(doc);
    expect(out.faults).toEqual([]);
    const c = at(out.doc, 'complements', 0) as JsonObject;
    expect(c.total).toBe('1.50');
    expect(at(c, 'lines', 0, 'i')).toBe(1);
    expect(at(c, 'lines', 0, 'issue_date_time')).toBe('0000-00-00T00:00:00');
    expect(at(c, 'lines', 0, 'amount')).toBe('1.50');
  });

  it('reads keys in another case as their fields, as GOBL decodes them', () => {
    const recased = (node: JsonObject, keys: Record<string, string>): JsonObject =>
      Object.fromEntries(Object.entries(node).map(([k, v]) => [keys[k] ?? k, v]));
    const fuelFolded: JsonObject = {
      $schema: FAB,
      Account_Number: '0123456789',
      total: '1',
      Lines: [
        recased(
          { ...fuelLine(0), item: recased(fuelLine(0).item as JsonObject, { type: 'Type', name: 'NAME' }) },
          { e_wallet_id: 'E_Wallet_ID', item: 'Item' },
        ),
        fuelLine(1),
      ],
    };
    const vouchersFolded: JsonObject = {
      $schema: FV,
      ACCOUNT_NUMBER: '0123456789',
      lines: [recased(voucherLine(), { e_wallet_id: 'E_WALLET_ID', employee: 'Employee' }), { ...voucherLine(), amount: 20.4 }],
    };
    const folded = run(
      invoice((d) => {
        d.complements = [fuelFolded, vouchersFolded, { ...vouchers(), Extra: 1 }];
      }),
    );
    const plain = run(
      invoice((d) => {
        d.complements = [fuel(), vouchers(), vouchers()];
      }),
    );
    expect(folded.faults).toEqual([]);
    expect(folded.doc.complements).toEqual(plain.doc.complements);
    expect(at(folded.doc, 'complements', 0, 'lines', 0, 'item', 'type')).toBe('3');
  });

  it('refuses a complement value that does not decode, as GOBL does', () => {
    const out = processDocument(
      withComplement(
        fuel((c) => {
          (at(c, 'lines', 0) as JsonObject).quantity = 'many';
        }),
      ),
      { newUuid: () => '0190c8a4-0000-7000-8000-000000000000', now: NOW },
    );
    expect(out.ok ? 'accepted' : out.error).toBe('input');
  });

  test.each<[string, JsonObject, string[]]>([
    ['empty food vouchers', { $schema: FV }, ['FOODVOUCHERS-02 ' + cpath('.account_number'), 'FOODVOUCHERS-05 ' + cpath('.lines')]],
    [
      'food vouchers over their lengths',
      vouchers((c) => {
        c.employer_registration = 'ñ'.repeat(11);
        c.account_number = 'ñ'.repeat(11);
        const l = at(c, 'lines', 0) as JsonObject;
        l.e_wallet_id = 'ñ'.repeat(11);
        (l.employee as JsonObject).name = 'ñ'.repeat(51);
      }),
      [
        'FOODVOUCHERS-01 ' + cpath('.employer_registration'),
        'FOODVOUCHERS-03 ' + cpath('.account_number'),
        'FOODVOUCHERS-07 ' + cpath('.lines[0].e_wallet_id'),
        'FOODVOUCHERS-15 ' + cpath('.lines[0].employee.name'),
      ],
    ],
    [
      'food voucher lines incomplete',
      vouchers((c) => {
        const [l0, l1] = c.lines as JsonObject[];
        delete l0.e_wallet_id;
        delete l0.issue_date_time;
        l0.employee = {};
        delete l1.employee;
      }),
      [
        'FOODVOUCHERS-06 ' + cpath('.lines[0].e_wallet_id'),
        'FOODVOUCHERS-08 ' + cpath('.lines[0].issue_date_time'),
        'FOODVOUCHERS-09 ' + cpath('.lines[1].employee'),
        'FOODVOUCHERS-10 ' + cpath('.lines[0].employee.tax_code'),
        'FOODVOUCHERS-11 ' + cpath('.lines[0].employee.tax_code'),
        'FOODVOUCHERS-12 ' + cpath('.lines[0].employee.curp'),
        'FOODVOUCHERS-14 ' + cpath('.lines[0].employee.name'),
      ],
    ],
    [
      'food voucher employee malformed',
      vouchers((c) => {
        Object.assign(at(c, 'lines', 0, 'employee') as JsonObject, { tax_code: 'BAD', curp: 'bad', social_security: '123' });
      }),
      [
        'FOODVOUCHERS-11 ' + cpath('.lines[0].employee.tax_code'),
        'FOODVOUCHERS-13 ' + cpath('.lines[0].employee.curp'),
        'FOODVOUCHERS-16 ' + cpath('.lines[0].employee.social_security'),
      ],
    ],
    [
      'empty fuel account balance',
      { $schema: FAB },
      ['FUELACCOUNTBALANCE-01 ' + cpath('.account_number'), 'FUELACCOUNTBALANCE-05 ' + cpath('.lines')],
    ],
    [
      'fuel lines malformed',
      fuel((c) => {
        c.account_number = 'a'.repeat(51);
        const l = at(c, 'lines', 0) as JsonObject;
        delete l.purchase_date_time;
        Object.assign(l, {
          e_wallet_id: '',
          vendor_tax_code: 'BAD',
          service_station_code: 's'.repeat(21),
          quantity: '0',
          purchase_code: 'p'.repeat(51),
        });
        Object.assign(l.item as JsonObject, { type: '', name: '', price: '0' });
        l.taxes = [{ cat: 'ISR', amount: '0' }, { cat: 'VAT' }, { cat: 'IEPS', rate: '-1' }];
        const l1 = at(c, 'lines', 1) as JsonObject;
        delete l1.item;
        l1.taxes = [];
      }),
      [
        'FUELACCOUNTBALANCE-02 ' + cpath('.account_number'),
        'FUELACCOUNTBALANCE-06 ' + cpath('.lines[0].e_wallet_id'),
        'FUELACCOUNTBALANCE-07 ' + cpath('.lines[0].purchase_date_time'),
        'FUELACCOUNTBALANCE-09 ' + cpath('.lines[0].vendor_tax_code'),
        'FUELACCOUNTBALANCE-11 ' + cpath('.lines[0].service_station_code'),
        'FUELACCOUNTBALANCE-12 ' + cpath('.lines[0].quantity'),
        'FUELACCOUNTBALANCE-13 ' + cpath('.lines[1].item'),
        'FUELACCOUNTBALANCE-14 ' + cpath('.lines[0].item.type'),
        'FUELACCOUNTBALANCE-15 ' + cpath('.lines[0].item.name'),
        'FUELACCOUNTBALANCE-17 ' + cpath('.lines[0].item.price'),
        'FUELACCOUNTBALANCE-19 ' + cpath('.lines[0].purchase_code'),
        'FUELACCOUNTBALANCE-21 ' + cpath('.lines[1].taxes'),
        'FUELACCOUNTBALANCE-23 ' + cpath('.lines[0].taxes[0].cat'),
        `FUELACCOUNTBALANCE-24 ${cpath('.lines[0].taxes[0].rate')},${cpath('.lines[0].taxes[1].rate')}`,
        'FUELACCOUNTBALANCE-25 ' + cpath('.lines[0].taxes[2].rate'),
        `FUELACCOUNTBALANCE-26 ${cpath('.lines[0].taxes[0].amount')},${cpath('.lines[0].taxes[1].amount')},${cpath('.lines[0].taxes[2].amount')}`,
      ],
    ],
    [
      'fuel tax without category',
      fuel((c) => {
        delete (at(c, 'lines', 0, 'taxes', 0) as JsonObject).cat;
      }),
      ['FUELACCOUNTBALANCE-22 ' + cpath('.lines[0].taxes[0].cat'), 'FUELACCOUNTBALANCE-23 ' + cpath('.lines[0].taxes[0].cat')],
    ],
    [
      'fuel line total rounded apart from quantity times price',
      fuel((c) => {
        Object.assign(at(c, 'lines', 0) as JsonObject, { quantity: '1' });
        (at(c, 'lines', 0, 'item') as JsonObject).price = '0.00499';
      }),
      ['FUELACCOUNTBALANCE-20 ' + cpath('.lines[0]'), 'FUELACCOUNTBALANCE-26 ' + cpath('.lines[0].taxes[0].amount')],
    ],
  ])('%s', (_n, complement, want) => {
    expect(mxFaults(withComplement(complement))).toEqual(want.sort());
  });
});
