import { correctInvoice } from '../../../../src/document/bill/invoice-correct';
import type { JsonObject } from '../../../../src/document/base/types';
import { editedRunner } from '../run-edited';

/**
 * br-nfe-v4 end to end. There is no reference build with this addon (its module, gobl.br.nfe, is not linked
 * into the one the oracle runs), so the expected defaults, codes and paths come from the module itself, as of
 * commit 2f45764d: its examples (the four of them come out of the engine as the module's expected outputs)
 * and its Go tests, turned into documents here.
 */

const ctx = { newUuid: () => '0190a5f2-7c3e-7000-8000-000000000001', now: new Date('2025-03-01T10:00:00Z') };

/** The module's test invoice: an NF-e of a normal-regime supplier to a Brazilian company, paid in cash. */
function invoice(): JsonObject {
  return {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    $addons: ['br-nfe-v4'],
    series: '123',
    code: '1',
    issue_date: '2025-02-20',
    currency: 'BRL',
    tax: { ext: { 'br-nfe-presence': '1' } },
    supplier: {
      name: 'Test Supplier LTDA',
      tax_id: { country: 'BR', code: '55263640000186' },
      identities: [{ key: 'br-nfe-state-reg', code: '35503304557308' }],
      addresses: [{ street: 'Av Paulista', num: '1578', locality: 'São Paulo', state: 'SP', code: '01310100' }],
      ext: { 'br-ibge-municipality': '3304557' },
    },
    customer: {
      name: 'Test Customer',
      tax_id: { country: 'BR', code: '05700736000196' },
      addresses: [{ country: 'BR', street: 'Rua das Flores', num: '123', locality: 'São Paulo', state: 'SP', code: '01310000' }],
      ext: { 'br-ibge-municipality': '3550308' },
    },
    notes: [{ key: 'reason', text: 'VENDA DE MERCADORIA' }],
    lines: [
      {
        quantity: '1',
        item: { name: 'Test Product', price: '100.00' },
        taxes: [
          { cat: 'ICMS', percent: '18%' },
          { cat: 'PIS', percent: '1.65%' },
          { cat: 'COFINS', percent: '7.60%' },
        ],
        ext: { 'br-nfe-cfop': '5102' },
      },
    ],
    payment: { instructions: { key: 'cash' } },
  };
}

/** An NFC-e: simplified, without customer, from a Simples Nacional supplier, paid by card. */
function consumer(): JsonObject {
  const d = invoice();
  d.$tags = ['simplified'];
  delete d.customer;
  (d.supplier as JsonObject).ext = { 'br-ibge-municipality': '3304557', 'br-nfe-regime': '1' };
  const line = (d.lines as JsonObject[])[0];
  line.taxes = [
    { cat: 'ICMS', percent: '0%', ext: { 'br-nfe-icms-csosn': '102' } },
    { cat: 'PIS', percent: '0%', ext: { 'br-nfe-pis-cst': '49' } },
    { cat: 'COFINS', percent: '0%', ext: { 'br-nfe-cofins-cst': '49' } },
  ];
  d.payment = { instructions: { key: 'card' } };
  return d;
}

const run = editedRunner(ctx, invoice);
/** Only the addon's faults: some edits also break GOBL's own rules, which other tests cover. */
const nfe = (edit: (d: JsonObject) => void, base?: () => JsonObject) => run(edit, base).faults.filter((f) => f.startsWith('GOBL-BR-NFE-'));

const supplier = (d: JsonObject) => d.supplier as JsonObject;
const customer = (d: JsonObject) => d.customer as JsonObject;
const taxExt = (d: JsonObject) => (d.tax as JsonObject).ext as JsonObject;
const line = (d: JsonObject) => (d.lines as JsonObject[])[0];
const combo = (d: JsonObject, i: number) => (line(d).taxes as JsonObject[])[i];
const instructions = (d: JsonObject) => (d.payment as JsonObject).instructions as JsonObject;

describe('br-nfe-v4 defaults', () => {
  it('gives an NF-e its model, purpose, operation type, regime, customer indicator, combo codes and payment means', () => {
    const { doc, faults } = run();
    expect(faults).toEqual([]);
    expect(taxExt(doc)).toEqual({ 'br-nfe-model': '55', 'br-nfe-operation-type': '1', 'br-nfe-presence': '1', 'br-nfe-purpose': '1' });
    expect(supplier(doc).ext).toEqual({ 'br-ibge-municipality': '3304557', 'br-nfe-regime': '3' });
    // Without a state registration the customer is a non-taxpayer.
    expect(customer(doc).ext).toEqual({ 'br-ibge-municipality': '3550308', 'br-nfe-state-reg-ind': '9' });
    expect((line(doc).taxes as JsonObject[]).map((c) => c.ext)).toEqual([
      { 'br-nfe-icms-cst': '00', 'br-nfe-icms-origin': '0' },
      { 'br-nfe-pis-cst': '01' },
      { 'br-nfe-cofins-cst': '01' },
    ]);
    expect(instructions(doc).ext).toEqual({ 'br-nfe-payment-means': '01' });
    // GOBL's BR regime gives an address without country the country of the party's tax ID.
    expect((supplier(doc).addresses as JsonObject[])[0].country).toBe('BR');
  });

  it('makes an NF-e customer with a state registration a taxpayer', () => {
    const { doc, faults } = run((d) => (customer(d).identities = [{ key: 'br-nfe-state-reg', code: '112233445566' }]));
    expect(faults).toEqual([]);
    expect((customer(doc).ext as JsonObject)['br-nfe-state-reg-ind']).toBe('1');
  });

  it('gives a simplified invoice model 65, and its customer is a non-taxpayer even with a state registration', () => {
    const { doc, faults } = run(
      (d) =>
        (d.customer = {
          name: 'Consumidor',
          tax_id: { country: 'BR', code: '05700736000196' },
          identities: [{ key: 'br-nfe-state-reg', code: '112233445566' }],
        }),
      consumer,
    );
    expect(faults).toEqual([]);
    expect(taxExt(doc)['br-nfe-model']).toBe('65');
    expect(customer(doc).ext).toEqual({ 'br-nfe-state-reg-ind': '9' });
    expect((line(doc).taxes as JsonObject[]).map((c) => c.ext)).toEqual([
      { 'br-nfe-icms-csosn': '102', 'br-nfe-icms-origin': '0' },
      { 'br-nfe-pis-cst': '49' },
      { 'br-nfe-cofins-cst': '49' },
    ]);
    expect(instructions(doc).ext).toEqual({ 'br-nfe-payment-means': '03' });
  });

  it('sets the model from the tags, over a given one, and keeps the other values given', () => {
    const { doc, faults } = run((d) => {
      taxExt(d)['br-nfe-model'] = '65';
      supplier(d).ext = { 'br-ibge-municipality': '3304557', 'br-nfe-regime': '2' };
      customer(d).ext = { 'br-ibge-municipality': '3550308', 'br-nfe-state-reg-ind': '2' };
      combo(d, 0).ext = { 'br-nfe-icms-cst': '20', 'br-nfe-icms-origin': '2' };
      combo(d, 1).ext = { 'br-nfe-pis-cst': '02' };
    });
    expect(faults).toEqual([]);
    expect(taxExt(doc)['br-nfe-model']).toBe('55');
    expect((supplier(doc).ext as JsonObject)['br-nfe-regime']).toBe('2');
    expect((customer(doc).ext as JsonObject)['br-nfe-state-reg-ind']).toBe('2');
    expect(combo(doc, 0).ext).toEqual({ 'br-nfe-icms-cst': '20', 'br-nfe-icms-origin': '2' });
    expect(combo(doc, 1).ext).toEqual({ 'br-nfe-pis-cst': '02' });
  });

  test.each<[string, JsonObject, string | undefined]>([
    ['cash', { key: 'cash' }, '01'],
    ['a cheque', { key: 'cheque' }, '02'],
    ['a card, over a code given', { key: 'card', ext: { 'br-nfe-payment-means': '15' } }, '03'],
    ['a debit card', { key: 'card+debit' }, '04'],
    ['a debit transfer by debit card', { key: 'debit-transfer+debit' }, '04'],
    ['a credit transfer', { key: 'credit-transfer' }, '18'],
    ['an online payment', { key: 'online+pix' }, '18'],
    ['other', { key: 'other' }, '99'],
    ['other, keeping a code given', { key: 'other', ext: { 'br-nfe-payment-means': '13' } }, '13'],
    ['a direct debit, which has no code', { key: 'direct-debit' }, undefined],
  ])('payment means of %s', (_n, given, code) => {
    const { doc } = run((d) => ((d.payment as JsonObject).instructions = given));
    expect((instructions(doc).ext as JsonObject | undefined)?.['br-nfe-payment-means']).toBe(code);
  });

  it('gives advances their payment means too, and a fully paid invoice needs no instructions', () => {
    const { doc, faults } = run((d) => (d.payment = { advances: [{ key: 'card', description: 'Pagamento', percent: '100%' }] }));
    expect(faults).toEqual([]);
    const advance = ((doc.payment as JsonObject).advances as JsonObject[])[0];
    expect(advance.ext).toEqual({ 'br-nfe-payment-means': '03' });
    expect((doc.totals as JsonObject).due).toBe('0.00');
  });
});

describe('br-nfe-v4 scenarios', () => {
  it('sets purpose 1 and outbound operation on standard invoices, over values given', () => {
    const { doc } = run((d) => Object.assign(taxExt(d), { 'br-nfe-purpose': '4', 'br-nfe-operation-type': '0' }));
    expect(taxExt(doc)).toMatchObject({ 'br-nfe-purpose': '1', 'br-nfe-operation-type': '1' });
  });

  test.each([
    ['credit-note', '55', false],
    ['debit-note', '55', false],
    ['credit-note', '65', true],
  ])('a %s gets model %s but no purpose nor operation type', (type, model, simplified) => {
    const { doc, faults } = run((d) => {
      d.type = type;
      if (simplified) d.$tags = ['simplified'];
      d.preceding = [{ code: '0', issue_date: '2025-01-10', stamps: [{ prv: 'sefaz-key', val: '3'.repeat(44) }] }];
    });
    expect(taxExt(doc)).toEqual({ 'br-nfe-model': model, 'br-nfe-presence': '1' });
    expect(faults.filter((f) => f.startsWith('GOBL-BR-NFE-'))).toEqual(['GOBL-BR-NFE-BILL-INVOICE-26 $.doc.tax.ext']);
  });

  it('takes a credit note with its purpose, operation and credit note type given', () => {
    const { faults } = run((d) => {
      d.type = 'credit-note';
      d.preceding = [{ code: '0', issue_date: '2025-01-10', stamps: [{ prv: 'sefaz-key', val: '3'.repeat(44) }] }];
      Object.assign(taxExt(d), { 'br-nfe-purpose': '5', 'br-nfe-operation-type': '1', 'br-nfe-credit-note-type': '04' });
    });
    expect(faults).toEqual([]);
  });
});

const I = 'GOBL-BR-NFE-BILL-INVOICE';
const L = 'GOBL-BR-NFE-BILL-LINE';
const C = 'GOBL-BR-NFE-TAX-COMBO';
const asCreditNote = (d: JsonObject, ext: JsonObject) => {
  d.type = 'credit-note';
  d.preceding = [{ code: '0', issue_date: '2025-01-10' }];
  Object.assign(taxExt(d), { 'br-nfe-operation-type': '1' }, ext);
};

describe('br-nfe-v4 invoice rules', () => {
  test.each<[string, (d: JsonObject) => void, string[]]>([
    ['another currency without a rate', (d) => (d.currency = 'USD'), [`${I}-34 $.doc`]],
    [
      // Without a tax ID the regime has no country to give the address, which lacks one.
      'a supplier without tax ID',
      (d) => delete supplier(d).tax_id,
      [`${I}-01 $.doc.supplier.tax_id`, `${I}-37 $.doc.supplier.addresses[0].country`],
    ],
    ['a supplier tax ID without code', (d) => delete (supplier(d).tax_id as JsonObject).code, [`${I}-02 $.doc.supplier.tax_id.code`]],
    [
      'an empty supplier address',
      (d) => {
        supplier(d).addresses = [{}];
        delete supplier(d).tax_id;
      },
      [
        `${I}-01 $.doc.supplier.tax_id`,
        `${I}-04 $.doc.supplier.addresses[0].street`,
        `${I}-05 $.doc.supplier.addresses[0].num`,
        `${I}-06 $.doc.supplier.addresses[0].locality`,
        `${I}-07 $.doc.supplier.addresses[0].state`,
        `${I}-08 $.doc.supplier.addresses[0].code`,
        `${I}-37 $.doc.supplier.addresses[0].country`,
      ],
    ],
    ['a supplier with an address and no municipality', (d) => (supplier(d).ext = {}), [`${I}-09 $.doc.supplier.ext`]],
    ['a supplier without name', (d) => delete supplier(d).name, [`${I}-10 $.doc.supplier.name`]],
    ['a supplier without addresses', (d) => delete supplier(d).addresses, [`${I}-11 $.doc.supplier.addresses`]],
    ['an NF-e without customer', (d) => delete d.customer, [`${I}-12 $.doc.customer`]],
    ['an NF-e customer without addresses', (d) => delete customer(d).addresses, [`${I}-13 $.doc.customer.addresses`]],
    ['a customer without tax ID nor foreign identity', (d) => delete customer(d).tax_id, [`${I}-36 $.doc.customer`]],
    ['a customer tax ID without code', (d) => delete (customer(d).tax_id as JsonObject).code, [`${I}-15 $.doc.customer.tax_id.code`]],
    [
      'an empty customer address',
      (d) => (customer(d).addresses = [{}]),
      [
        `${I}-17 $.doc.customer.addresses[0].street`,
        `${I}-18 $.doc.customer.addresses[0].num`,
        `${I}-19 $.doc.customer.addresses[0].locality`,
        `${I}-20 $.doc.customer.addresses[0].state`,
        `${I}-21 $.doc.customer.addresses[0].code`,
      ],
    ],
    [
      'a Brazilian customer with an address and no municipality',
      (d) => delete (customer(d).ext as JsonObject)['br-ibge-municipality'],
      [`${I}-22 $.doc.customer.ext`],
    ],
    [
      'a customer that claims to be a taxpayer without state registration',
      (d) => ((customer(d).ext as JsonObject)['br-nfe-state-reg-ind'] = '1'),
      [`${I}-51 $.doc.customer`],
    ],
    [
      'a customer exempt from state registration that has one',
      (d) => {
        (customer(d).ext as JsonObject)['br-nfe-state-reg-ind'] = '2';
        customer(d).identities = [{ key: 'br-nfe-state-reg', code: '112233445566' }];
      },
      [`${I}-52 $.doc.customer`],
    ],
    ['no series', (d) => delete d.series, [`${I}-23 $.doc.series`]],
    ['a series with a leading zero', (d) => (d.series = '012'), [`${I}-24 $.doc.series`]],
    ['a series over 999', (d) => (d.series = '1000'), [`${I}-24 $.doc.series`]],
    ['a series with letters', (d) => (d.series = 'abc'), [`${I}-24 $.doc.series`]],
    ['no presence', (d) => delete d.tax, [`${I}-26 $.doc.tax.ext`]],
    ['an unknown presence', (d) => (taxExt(d)['br-nfe-presence'] = '8'), [`${I}-45 $.doc.tax.ext`]],
    ['home delivery on an NF-e', (d) => (taxExt(d)['br-nfe-presence'] = '4'), [`${I}-27 $.doc.tax.ext`]],
    ['an unknown purpose', (d) => asCreditNote(d, { 'br-nfe-purpose': '9' }), [`${I}-46 $.doc.tax.ext`]],
    [
      'an unknown operation type',
      (d) => asCreditNote(d, { 'br-nfe-purpose': '3', 'br-nfe-operation-type': '2' }),
      [`${I}-47 $.doc.tax.ext`],
    ],
    ['purpose 5 without credit note type', (d) => asCreditNote(d, { 'br-nfe-purpose': '5' }), [`${I}-40 $.doc.tax.ext`]],
    [
      'purpose 5 with an unknown credit note type',
      (d) => asCreditNote(d, { 'br-nfe-purpose': '5', 'br-nfe-credit-note-type': '06' }),
      [`${I}-48 $.doc.tax.ext`],
    ],
    ['purpose 6 without debit note type', (d) => asCreditNote(d, { 'br-nfe-purpose': '6' }), [`${I}-41 $.doc.tax.ext`]],
    [
      'purpose 6 with an unknown debit note type',
      (d) => asCreditNote(d, { 'br-nfe-purpose': '6', 'br-nfe-debit-note-type': '09' }),
      [`${I}-49 $.doc.tax.ext`],
    ],
    ['a reason of 61 characters', (d) => ((d.notes as JsonObject[])[0].text = '1'.repeat(61)), [`${I}-29 $.doc.notes[0].text`]],
    // The limit is on bytes, as GOBL's length test counts them: 31 accented letters are 62 bytes.
    ['a reason of 31 accented letters', (d) => ((d.notes as JsonObject[])[0].text = 'ã'.repeat(31)), [`${I}-29 $.doc.notes[0].text`]],
    ['no reason note', (d) => ((d.notes as JsonObject[])[0].key = 'general'), [`${I}-30 $.doc`]],
    ['an unpaid invoice without payment', (d) => delete d.payment, [`${I}-31 $.doc.payment`]],
    ['an unpaid invoice with terms only', (d) => (d.payment = { terms: { key: 'instant' } }), [`${I}-32 $.doc.payment.instructions`]],
    ['a line without CFOP', (d) => delete line(d).ext, [`${I}-35 $.doc.lines[0].ext`]],
    [
      'a normal-regime supplier with a CSOSN',
      (d) => (combo(d, 0).ext = { 'br-nfe-icms-csosn': '101' }),
      [`${I}-42 $.doc.lines[0].taxes[0].ext`],
    ],
    [
      'a Simples Nacional supplier with a CST',
      (d) => ((supplier(d).ext as JsonObject)['br-nfe-regime'] = '1'),
      [`${I}-43 $.doc.lines[0].taxes[0].ext`],
    ],
    [
      'an MEI supplier with a CST',
      (d) => ((supplier(d).ext as JsonObject)['br-nfe-regime'] = '4'),
      [`${I}-43 $.doc.lines[0].taxes[0].ext`],
    ],
  ])('faults: %s', (_n, edit, want) => {
    expect(nfe(edit)).toEqual([...want].sort());
  });

  test.each<[string, (d: JsonObject) => void, string[]]>([
    ['presence 0 on an NFC-e', (d) => (taxExt(d)['br-nfe-presence'] = '0'), [`${I}-28 $.doc.tax.ext`]],
    [
      'an NFC-e customer that is a taxpayer',
      (d) =>
        (d.customer = {
          name: 'Loja',
          tax_id: { country: 'BR', code: '05700736000196' },
          identities: [{ key: 'br-nfe-state-reg', code: '1' }],
          ext: { 'br-nfe-state-reg-ind': '1' },
        }),
      [`${I}-53 $.doc.customer.ext`],
    ],
    [
      'an NFC-e customer exempt from state registration',
      (d) => (d.customer = { name: 'Loja', tax_id: { country: 'BR', code: '05700736000196' }, ext: { 'br-nfe-state-reg-ind': '2' } }),
      [`${I}-53 $.doc.customer.ext`],
    ],
  ])('NFC-e faults: %s', (_n, edit, want) => {
    expect(nfe(edit, consumer)).toEqual(want);
  });

  test.each<[string, (d: JsonObject) => void]>([
    ['an exchange rate to BRL', (d) => Object.assign(d, { currency: 'USD', exchange_rates: [{ from: 'USD', to: 'BRL', amount: '5.00' }] })],
    ['series 0', (d) => (d.series = '0')],
    ['series 999', (d) => (d.series = '999')],
    ['a reason of 60 characters', (d) => ((d.notes as JsonObject[])[0].text = '1'.repeat(60))],
    [
      'a foreign customer with a foreign identity and no tax ID',
      (d) => {
        delete customer(d).tax_id;
        customer(d).identities = [{ key: 'foreign', country: 'US', code: 'US-FOREIGN-123' }];
        customer(d).addresses = [{ country: 'US', street: 'Main St', num: '1', locality: 'Springfield', code: '12345' }];
        customer(d).ext = {};
      },
    ],
    [
      'a Simples Nacional supplier with a fuel CST',
      (d) => {
        (supplier(d).ext as JsonObject)['br-nfe-regime'] = '1';
        combo(d, 0).ext = { 'br-nfe-icms-cst': '02' };
      },
    ],
    [
      'a non-taxpayer customer with a state registration',
      (d) => {
        customer(d).identities = [{ key: 'br-nfe-state-reg', code: '1' }];
        (customer(d).ext as JsonObject)['br-nfe-state-reg-ind'] = '9';
      },
    ],
    [
      'a CSOSN on the discount of a Simples Nacional supplier with a CST there',
      (d) => {
        (supplier(d).ext as JsonObject)['br-nfe-regime'] = '1';
        combo(d, 0).ext = { 'br-nfe-icms-csosn': '102' };
        combo(d, 0).percent = '0%';
        d.discounts = [{ reason: 'Promoção', amount: '1.00', taxes: [{ cat: 'ICMS', percent: '18%', ext: { 'br-nfe-icms-cst': '00' } }] }];
      },
    ],
  ])('passes: %s', (_n, edit) => {
    expect(nfe(edit)).toEqual([]);
  });
});

describe('br-nfe-v4 line, combo, identity, party and payment rules', () => {
  test.each<[string, (d: JsonObject) => void, string[]]>([
    ['a line without ICMS', (d) => (line(d).taxes = (line(d).taxes as JsonObject[]).slice(1)), [`${L}-01 $.doc.lines[0]`]],
    ['a line without PIS', (d) => (line(d).taxes = [combo(d, 0), combo(d, 2)]), [`${L}-02 $.doc.lines[0]`]],
    ['a line without COFINS', (d) => (line(d).taxes = [combo(d, 0), combo(d, 1)]), [`${L}-03 $.doc.lines[0]`]],
    ['a line without taxes', (d) => delete line(d).taxes, [`${L}-01 $.doc.lines[0]`, `${L}-02 $.doc.lines[0]`, `${L}-03 $.doc.lines[0]`]],
    [
      'ICMS with both CST and CSOSN',
      (d) => (combo(d, 0).ext = { 'br-nfe-icms-cst': '00', 'br-nfe-icms-csosn': '101' }),
      [`${C}-05 $.doc.lines[0].taxes[0].ext`, `${I}-42 $.doc.lines[0].taxes[0].ext`],
    ],
    ['an unknown ICMS CST', (d) => (combo(d, 0).ext = { 'br-nfe-icms-cst': '01' }), [`${C}-10 $.doc.lines[0].taxes[0].ext`]],
    [
      'an unknown ICMS CSOSN',
      (d) => (combo(d, 0).ext = { 'br-nfe-icms-csosn': '104' }),
      [`${C}-11 $.doc.lines[0].taxes[0].ext`, `${I}-42 $.doc.lines[0].taxes[0].ext`],
    ],
    ['an unknown ICMS origin', (d) => (combo(d, 0).ext = { 'br-nfe-icms-origin': '9' }), [`${C}-12 $.doc.lines[0].taxes[0].ext`]],
    ['an unknown PIS CST', (d) => (combo(d, 1).ext = { 'br-nfe-pis-cst': '10' }), [`${C}-13 $.doc.lines[0].taxes[1].ext`]],
    ['an unknown COFINS CST', (d) => (combo(d, 2).ext = { 'br-nfe-cofins-cst': '48' }), [`${C}-14 $.doc.lines[0].taxes[2].ext`]],
    [
      'a CSOSN without ICMS value and a percent',
      (d) => {
        (supplier(d).ext as JsonObject)['br-nfe-regime'] = '1';
        combo(d, 0).ext = { 'br-nfe-icms-csosn': '102' };
      },
      [`${C}-06 $.doc.lines[0].taxes[0].percent`],
    ],
    [
      'a CST without ICMS value and a percent',
      (d) => (combo(d, 0).ext = { 'br-nfe-icms-cst': '40' }),
      [`${C}-07 $.doc.lines[0].taxes[0].percent`],
    ],
    [
      'a non-taxed PIS CST and a percent',
      (d) => (combo(d, 1).ext = { 'br-nfe-pis-cst': '06' }),
      [`${C}-08 $.doc.lines[0].taxes[1].percent`],
    ],
    [
      'a non-taxed COFINS CST and a percent',
      (d) => (combo(d, 2).ext = { 'br-nfe-cofins-cst': '07' }),
      [`${C}-09 $.doc.lines[0].taxes[2].percent`],
    ],
    [
      'a CEST of 3 digits',
      (d) => ((line(d).item as JsonObject).identities = [{ key: 'br-nfe-cest', code: '123' }]),
      ['GOBL-BR-NFE-ORG-IDENTITY-01 $.doc.lines[0].item.identities[0].code'],
    ],
    [
      'a CEST with a letter',
      (d) => ((line(d).item as JsonObject).identities = [{ key: 'br-nfe-cest', code: '03A0700' }]),
      ['GOBL-BR-NFE-ORG-IDENTITY-01 $.doc.lines[0].item.identities[0].code'],
    ],
    [
      'a dotted NCM',
      (d) => ((line(d).item as JsonObject).identities = [{ key: 'ncm', code: '9403.60.00' }]),
      ['GOBL-BR-NFE-ORG-IDENTITY-02 $.doc.lines[0].item.identities[0].code'],
    ],
    [
      'an NCM of 7 digits',
      (d) => ((line(d).item as JsonObject).identities = [{ key: 'ncm', code: '9403600' }]),
      ['GOBL-BR-NFE-ORG-IDENTITY-02 $.doc.lines[0].item.identities[0].code'],
    ],
    ['an unknown regime', (d) => ((supplier(d).ext as JsonObject)['br-nfe-regime'] = '5'), ['GOBL-BR-NFE-ORG-PARTY-01 $.doc.supplier.ext']],
    [
      'an unknown fiscal incentive',
      (d) => ((supplier(d).ext as JsonObject)['br-nfe-fiscal-incentive'] = '3'),
      ['GOBL-BR-NFE-ORG-PARTY-02 $.doc.supplier.ext'],
    ],
    [
      'an unknown special regime',
      (d) => ((customer(d).ext as JsonObject)['br-nfe-special-regime'] = '7'),
      ['GOBL-BR-NFE-ORG-PARTY-03 $.doc.customer.ext'],
    ],
    [
      'an unknown state registration indicator',
      (d) => ((customer(d).ext as JsonObject)['br-nfe-state-reg-ind'] = '3'),
      ['GOBL-BR-NFE-ORG-PARTY-04 $.doc.customer.ext'],
    ],
    [
      'instructions without payment means',
      (d) => (instructions(d).key = 'direct-debit'),
      ['GOBL-BR-NFE-PAY-INSTRUCTIONS-01 $.doc.payment.instructions.ext'],
    ],
    [
      'instructions with an unknown payment means',
      (d) => Object.assign(instructions(d), { key: 'other', ext: { 'br-nfe-payment-means': '14' } }),
      ['GOBL-BR-NFE-PAY-INSTRUCTIONS-02 $.doc.payment.instructions.ext'],
    ],
    [
      'an advance without payment means',
      (d) => ((d.payment as JsonObject).advances = [{ key: 'direct-debit', description: 'Sinal', amount: '10.00' }]),
      ['GOBL-BR-NFE-PAY-RECORD-01 $.doc.payment.advances[0].ext'],
    ],
    [
      'an advance with an unknown payment means',
      (d) =>
        ((d.payment as JsonObject).advances = [
          { key: 'other', description: 'Sinal', amount: '10.00', ext: { 'br-nfe-payment-means': '06' } },
        ]),
      ['GOBL-BR-NFE-PAY-RECORD-02 $.doc.payment.advances[0].ext'],
    ],
  ])('faults: %s', (_n, edit, want) => {
    expect(nfe(edit)).toEqual([...want].sort());
  });

  test.each<[string, (d: JsonObject) => void]>([
    [
      'a CSOSN without ICMS value at zero percent',
      (d) => {
        (supplier(d).ext as JsonObject)['br-nfe-regime'] = '1';
        Object.assign(combo(d, 0), { percent: '0%', ext: { 'br-nfe-icms-csosn': '500' } });
      },
    ],
    [
      'CSOSN 101 with its credit rate',
      (d) => {
        (supplier(d).ext as JsonObject)['br-nfe-regime'] = '1';
        Object.assign(combo(d, 0), { percent: '2.56%', ext: { 'br-nfe-icms-csosn': '101' } });
      },
    ],
    ['PIS CST 49 with a percent', (d) => (combo(d, 1).ext = { 'br-nfe-pis-cst': '49' })],
    [
      'a CEST and NCM of the right length, and a state registration of any form',
      (d) => {
        (line(d).item as JsonObject).identities = [
          { key: 'br-nfe-cest', code: '0300700' },
          { key: 'ncm', code: '94' },
        ];
      },
    ],
    ['an IPI combo, which the addon leaves alone', (d) => (line(d).taxes as JsonObject[]).push({ cat: 'IPI', percent: '5%' })],
  ])('passes: %s', (_n, edit) => {
    expect(nfe(edit)).toEqual([]);
  });

  it('gives an IPI combo no extensions', () => {
    const { doc } = run((d) => (line(d).taxes as JsonObject[]).push({ cat: 'IPI', percent: '5%' }));
    expect(combo(doc, 3).ext).toBeUndefined();
  });
});

describe('br-nfe-v4 corrections', () => {
  const original = () => run().doc;
  const stamp = { prv: 'sefaz-key', val: '12345678901234567890123456789012345678901234' };

  test.each(['credit-note', 'debit-note'] as const)('a %s refers to the invoice with its SEFAZ access key', (type) => {
    const result = correctInvoice(original(), { type, stamps: [stamp], reason: 'Devolução de mercadoria' }, ctx);
    if (!result.ok) throw new Error(result.message);
    expect(result.doc.type).toBe(type);
    expect((result.doc.preceding as JsonObject[])[0]).toMatchObject({
      code: '1',
      series: '123',
      stamps: [stamp],
      reason: 'Devolução de mercadoria',
    });
  });

  it('needs the access key of the invoice it corrects', () => {
    const result = correctInvoice(original(), { type: 'credit-note' }, ctx);
    expect(result).toMatchObject({ ok: false, option: 'stamps' });
  });

  it('does not take a corrective invoice', () => {
    const result = correctInvoice(original(), { type: 'corrective', stamps: [stamp] }, ctx);
    expect(result).toMatchObject({ ok: false, option: 'type' });
  });

  it('a corrected credit note keeps purpose 1 until one is given, as the module leaves it', () => {
    const result = correctInvoice(original(), { type: 'credit-note', stamps: [stamp] }, ctx);
    if (!result.ok) throw new Error(result.message);
    const { doc, faults } = run(
      () => {},
      () => result.doc,
    );
    expect(taxExt(doc)['br-nfe-purpose']).toBe('1');
    expect(faults).toEqual([]);
  });
});
