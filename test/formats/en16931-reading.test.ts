import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readCii } from '../../src/formats/cii/cii-reader';
import { UNIT_CODES, unitCode } from '../../src/formats/en16931/codes';
import { unitPrice } from '../../src/formats/en16931/read-lines';
import { goblTaxId } from '../../src/formats/en16931/read-party';
import { goblUnit, invoiceKind, paymentMeansKey, taxCombo } from '../../src/formats/en16931/reverse-codes';
import { readUbl } from '../../src/formats/ubl/ubl-reader';
import { parseXml } from '../../src/formats/xml-read';
import { ciiSchemaErrors, fatalFindings, ublSchemaErrors, withEinvoice } from '../helpers/einvoice-judge';
import { calculatedRead, essentials, FORMATS_OF, writtenAndRead } from '../helpers/einvoice-reading';
import { EINVOICES } from '../helpers/einvoices';

/** The same invoice in both syntaxes, stating nearly every business term GOBL has a place for. */
const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
const UBL = fixture('every-term.ubl.xml');
const CII = fixture('every-term.cii.xml');

/** Every test invoice, in every format of a syntax, with the reader of that syntax. */
const ROUND_TRIPS = (['ubl', 'cii'] as const).flatMap((syntax) =>
  FORMATS_OF[syntax].flatMap(([format, fit]) =>
    EINVOICES.map(([name, make]) => [format, name, () => fit(make()), syntax === 'ubl' ? readUbl : readCii] as const),
  ),
);

describe('a written e-invoice read back as a GOBL invoice', () => {
  test.each(ROUND_TRIPS)('%s, %s: written, read back and calculated again, the same invoice', (format, _name, make, read) => {
    const { original, result } = writtenAndRead(format, make(), read);
    if (!result.ok) throw new Error(JSON.stringify(result.faults));
    const again = calculatedRead(result, 'valid');
    expect(essentials(again)).toEqual(essentials(original));
    expect(again.$addons).toEqual(original.$addons);
    const totals = original.totals as Record<string, any>;
    expect(result.stated).toEqual({
      sum: totals.sum,
      total: totals.total,
      tax: totals.taxes.sum,
      totalWithTax: totals.total_with_tax,
      payable: totals.payable,
      discount: totals.discount,
      charge: totals.charge,
    });
  });
});

describe('EN 16931 read into GOBL: one meaning for both syntaxes', () => {
  const ubl = readUbl(parseXml(UBL));
  const cii = readCii(parseXml(CII));
  if (!ubl.ok || !cii.ok) throw new Error(JSON.stringify([ubl, cii]));

  test('the same business terms in UBL and in CII are the same GOBL invoice, with the same stated totals', () => {
    // CII names a project (BT-11); UBL has no place for its name.
    const { ordering, ...rest } = cii.doc as any;
    expect({ ...rest, ordering: { ...ordering, projects: [{ code: 'PRJ-7' }] } }).toEqual(ubl.doc);
    expect(ordering.projects).toEqual([{ code: 'PRJ-7', description: 'Renovation' }]);
    expect(cii.stated).toEqual(ubl.stated);
  });

  test('each term in its GOBL place', () => {
    expect(ubl.doc).toMatchObject({
      $addons: ['eu-en16931-v2017', 'de-xrechnung-v3'],
      $tags: ['self-billed'],
      type: 'standard',
      code: 'SB-2026-17',
      value_date: '2026-11-15',
      preceding: [{ code: 'INV-2026-01', issue_date: '2026-10-20' }],
      tax: {
        rounding: 'currency',
        ext: { 'untdid-document-type': '389' },
        notes: [{ cat: 'VAT', key: 'exempt', text: 'Exempt under Article 132(1)(b)', ext: { 'untdid-tax-category': 'E' } }],
      },
      supplier: {
        name: 'Lieferant GmbH',
        alias: 'Lieferant',
        tax_id: { country: 'DE', code: '123456789' },
        identities: [
          { code: '4000001123452', ext: { 'iso-scheme-id': '0088' } },
          { scope: 'legal', code: 'HRB 12345' },
          { key: 'de-tax-number', code: '201/113/40209' },
        ],
        inboxes: [{ scheme: '0088', code: '4000001123452' }],
        people: [{ name: { given: 'Max Mustermann' } }],
        addresses: [
          { street: 'Hauptstrasse 1', street_extra: 'Hinterhaus', locality: 'Berlin', code: '10115', region: 'Berlin', country: 'DE' },
        ],
      },
      customer: { tax_id: { country: 'GR', code: '123456783' }, inboxes: [{ email: 'invoices@buyer.gr' }] },
      ordering: {
        code: 'BR-991',
        cost: '4217:2323:2323',
        identities: [{ code: 'OBJ-5', ext: { 'untdid-reference': 'AAJ' } }],
        period: { start: '2026-11-01', end: '2026-11-30' },
        contracts: [{ code: 'CON-3' }],
        purchases: [{ code: 'PO-44' }],
        sales: [{ code: 'SO-55' }],
        receiving: [{ code: 'REC-1' }],
        despatch: [{ code: 'DES-2' }],
        tender: [{ code: 'TEN-9' }],
      },
      payment: {
        payee: { name: 'Factor AG', identities: [{ code: 'PAYEE-1' }, { scope: 'legal', code: 'HRB 999' }] },
        terms: { due_dates: [{ date: '2026-12-20', percent: '100%' }], notes: 'Payable within 30 days' },
        advances: [{ amount: '100.00' }],
        instructions: {
          key: 'direct-debit+sepa',
          ref: 'INV-2026-17',
          credit_transfer: [{ iban: 'DE02120300000000202051', name: 'Lieferant GmbH', bic: 'BYLADEM1001' }],
          direct_debit: { ref: 'MANDATE-7', creditor: 'DE98ZZZ09999999999', account: 'GR1601101250000000012300695' },
          ext: { 'untdid-payment-means': '59' },
        },
      },
      delivery: {
        date: '2026-11-18',
        receiver: { name: 'Warehouse', addresses: [{ locality: 'Potsdam', country: 'DE' }] },
        identities: [{ code: '4000001987658', ext: { 'iso-scheme-id': '0088' } }],
      },
      notes: [{ key: 'general', text: 'General information', ext: { 'untdid-text-subject': 'AAI' } }, { text: 'Thank you' }],
      discounts: [{ reason: 'Volume discount', percent: '4%', base: '112.50', amount: '4.50', ext: { 'untdid-allowance': '95' } }],
      charges: [{ reason: 'Freight', amount: '10.00', ext: { 'untdid-charge': 'FC' } }],
      totals: { rounding: '-0.02' },
    });
    const [widget, check] = (ubl.doc as any).lines;
    expect(widget).toMatchObject({
      quantity: '10',
      identifier: { code: 'OBJ-L1', ext: { 'untdid-reference': 'AAJ' } },
      order: '3',
      cost: 'ACC-1',
      period: { start: '2026-11-01', end: '2026-11-15' },
      item: { ref: 'W1', price: '12.50', unit: 'piece', origin: 'CN', meta: { colour: 'Blue' } },
      discounts: [{ percent: '10%', amount: '12.50', ext: { 'untdid-allowance': '95' } }],
      taxes: [{ cat: 'VAT', key: 'standard', percent: '19%', ext: { 'untdid-tax-category': 'S' } }],
      notes: [{ text: 'Line note' }],
    });
    expect(check.taxes).toEqual([{ cat: 'VAT', key: 'exempt', ext: { 'untdid-tax-category': 'E', 'cef-vatex': 'VATEX-EU-132-1B' } }]);
    expect(check.item.unit).toBe('mon');
  });

  test('calculated again, it is payable as stated, and keeps its document type', () => {
    const doc = calculatedRead(ubl) as any;
    expect(doc.totals).toMatchObject({ sum: '192.50', total: '198.00', tax: '22.42', rounding: '-0.02', advance: '100.00', due: '120.40' });
    expect(doc.tax.ext).toEqual({ 'untdid-document-type': '389' });
  });

  test('a decimal or a date that cannot be read is refused where it stands', () => {
    const broken = UBL.replace('<cbc:InvoicedQuantity unitCode="MON">1<', '<cbc:InvoicedQuantity unitCode="MON">one<').replace(
      '<cbc:ActualDeliveryDate>2026-11-18<',
      '<cbc:ActualDeliveryDate>2026-11-31<',
    );
    const read = readUbl(parseXml(broken));
    expect(read.ok ? [] : read.faults.map((fault) => `${fault.code} ${fault.paths.join()}`)).toEqual([
      'read-date /Invoice/cac:Delivery/cbc:ActualDeliveryDate',
      'read-number /Invoice/cac:InvoiceLine[2]/cbc:InvoicedQuantity',
    ]);
  });
});

describe("EN 16931's codes read back into GOBL's keys", () => {
  test('document types: the addon scenarios backwards, a tax invoice standard, an unknown code other', () => {
    expect(['380', '381', '383', '384', '389', '261', '326', '388', '71'].map(invoiceKind)).toEqual([
      { type: 'standard', tags: [] },
      { type: 'credit-note', tags: [] },
      { type: 'debit-note', tags: [] },
      { type: 'corrective', tags: [] },
      { type: 'standard', tags: ['self-billed'] },
      { type: 'credit-note', tags: ['self-billed'] },
      { type: 'standard', tags: ['partial'] },
      { type: 'standard', tags: [] },
      { type: 'other', tags: [] },
    ]);
  });

  test('payment means, units, VAT categories and VAT identifiers', () => {
    expect(['30', '58', '49', '59', '48', '10', '1', '42'].map(paymentMeansKey)).toEqual([
      'credit-transfer',
      'credit-transfer+sepa',
      'direct-debit',
      'direct-debit+sepa',
      'card',
      'cash',
      'any',
      'other',
    ]);
    expect(['C62', 'HUR', 'KGM', 'H87', 'MON', 'XUN', 'ZZ', 'NAR'].map(goblUnit)).toEqual([
      'one',
      'h',
      'kg',
      'piece',
      'mon',
      'unit',
      'ZZ',
      'NAR',
    ]);
    expect(taxCombo('S', '21')).toEqual({ cat: 'VAT', key: 'standard', percent: '21%', ext: { 'untdid-tax-category': 'S' } });
    expect(taxCombo('Z', '0')).toEqual({ cat: 'VAT', key: 'zero', percent: '0%', ext: { 'untdid-tax-category': 'Z' } });
    expect(taxCombo('AE', '0', 'vatex-eu-ae')).toEqual({
      cat: 'VAT',
      key: 'reverse-charge',
      ext: { 'untdid-tax-category': 'AE', 'cef-vatex': 'VATEX-EU-AE' },
    });
    expect(taxCombo('L', '7')).toEqual({ cat: 'IGIC', percent: '7%' });
    expect(goblTaxId('EL123456783', 'GR')).toEqual({ country: 'GR', code: '123456783' });
    expect(goblTaxId('123456783', 'NO')).toEqual({ country: 'NO', code: '123456783' });
  });

  test("units: each of GOBL's written as its UN/ECE code and read back as itself; one without a code as ZZ", () => {
    expect(['', 'unit', 'mon', 'pair', 'MON', 'portion'].map(unitCode)).toEqual(['C62', 'XUN', 'MON', 'PR', 'MON', 'ZZ']);
    expect(Object.keys(UNIT_CODES).filter((unit) => goblUnit(unitCode(unit)) !== unit)).toEqual([]);
    expect(new Set(Object.values(UNIT_CODES)).size).toBe(Object.keys(UNIT_CODES).length);
  });

  test('a price for several units (BT-149) is the price of one, with the decimals it needs', () => {
    expect(unitPrice('25.00', '2')).toBe('12.50');
    expect(unitPrice('15.24', '12')).toBe('1.27');
    expect(unitPrice('10.00', '3')).toBe('3.3333333');
    expect(unitPrice('9.95', '1')).toBe('9.95');
  });
});

withEinvoice.describe('the documents of these tests, judged by the official artefacts', () => {
  test('both are valid by their XML Schema and break none of EN 16931 rules', async () => {
    expect(await ublSchemaErrors(UBL)).toEqual([]);
    expect(await ciiSchemaErrors(CII)).toEqual([]);
    expect(await fatalFindings('en16931-ubl', UBL)).toEqual([]);
    expect(await fatalFindings('en16931-cii', CII)).toEqual([]);
  });
});
