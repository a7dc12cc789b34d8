import { create } from 'xmlbuilder2';
import { processDocument, type JsonObject } from '../../src/document';
import { writeUbl } from '../../src/formats/ubl/ubl-document';
import { einvoice, germanCustomer, invoice } from '../helpers/documents';
import { en16931UblFindings, ublSchemaErrors, withEinvoice } from '../helpers/einvoice-judge';

let uuids = 0;
const context = { newUuid: () => `0190a0b0-0000-7000-8000-${String(++uuids).padStart(12, '0')}`, now: new Date('2026-11-20T10:00:00Z') };

/**
 * The document calculated as the service calculates it for a format: with the EN 16931 addon, and valid by GOBL's
 * rules unless `gobl` says they may fault (the addon asks for some of what EN 16931 asks).
 */
function calculated(doc: Record<string, unknown>, options: { addons?: string[]; gobl?: 'valid' | 'faulted' } = {}): JsonObject {
  const result = processDocument({ ...doc, $addons: options.addons ?? ['eu-en16931-v2017'] } as JsonObject, context);
  if (!result.ok) throw new Error(`not calculated: ${result.message}`);
  if (options.gobl !== 'faulted') expect(result.faults).toEqual([]);
  return result.envelope.doc;
}

const DOCUMENTS: [string, () => Record<string, unknown>][] = [
  ['the README invoice, with addresses, due date and IBAN', () => einvoice()],
  [
    'a credit note of it',
    () =>
      einvoice({
        type: 'credit-note',
        series: 'R',
        code: '0001',
        preceding: [{ series: 'F', code: '0001', issue_date: '2026-11-20', reason: 'Hours not worked' }],
      }),
  ],
  [
    'allowances and charges, on lines and on the document, at several VAT rates',
    () =>
      einvoice({
        lines: [
          {
            quantity: '20',
            item: { name: 'Development services', price: '90.00', unit: 'h' },
            discounts: [{ percent: '10%', reason: 'Loyalty' }],
            charges: [{ amount: '15.00', reason: 'Weekend work' }],
            taxes: [{ cat: 'VAT', rate: 'general' }],
          },
          { quantity: '3', item: { name: 'Printed manuals', price: '12.50' }, taxes: [{ cat: 'VAT', rate: 'reduced' }] },
          { quantity: '2', item: { name: 'Bread', price: '1.35', unit: 'kg' }, taxes: [{ cat: 'VAT', rate: 'super-reduced' }] },
        ],
        discounts: [{ percent: '5%', reason: 'Early customer', taxes: [{ cat: 'VAT', rate: 'general' }] }],
        charges: [{ amount: '12.00', reason: 'Shipping', taxes: [{ cat: 'VAT', rate: 'reduced' }] }],
      }),
  ],
  [
    'a reverse charge to a customer in another member state',
    () =>
      einvoice({
        customer: germanCustomer(),
        lines: [{ quantity: '10', item: { name: 'Consulting', price: '100.00' }, taxes: [{ cat: 'VAT', key: 'reverse-charge' }] }],
        tax: { notes: [{ cat: 'VAT', key: 'reverse-charge', text: 'Reverse charge: the customer accounts for the VAT' }] },
      }),
  ],
  [
    'an exempt line beside a taxed one',
    () =>
      einvoice({
        lines: [
          { quantity: '1', item: { name: 'Development services', price: '900.00' }, taxes: [{ cat: 'VAT', rate: 'general' }] },
          {
            quantity: '1',
            item: { name: 'Medical check', price: '80.00' },
            taxes: [{ cat: 'VAT', key: 'exempt', ext: { 'cef-vatex': 'VATEX-EU-132-1B' } }],
          },
        ],
        tax: { notes: [{ cat: 'VAT', key: 'exempt', text: 'Exempt under Article 132(1)(b) of the VAT Directive' }] },
      }),
  ],
];

/** The written document read back as xmlbuilder2's objects, under its root element. */
const readBack = (xml: string): any => Object.values(create(xml).end({ format: 'object' }) as Record<string, unknown>)[0];
const textOf = (node: any): string => (typeof node === 'string' ? node : node['#']);

describe('UBL: a calculated invoice written as EN 16931 UBL 2.1', () => {
  test.each(DOCUMENTS)('%s: written with its own figures', (_name, make) => {
    const doc = calculated(make());
    const written = writeUbl(doc);
    if (!written.ok) throw new Error(JSON.stringify(written.faults));
    const root = readBack(written.text);
    const totals = doc.totals as any;
    expect(textOf(root['cbc:ID'])).toBe(`${doc.series}-${doc.code}`);
    expect(textOf(root['cac:LegalMonetaryTotal']['cbc:PayableAmount'])).toBe(totals.payable);
    expect(textOf(root['cac:LegalMonetaryTotal']['cbc:TaxExclusiveAmount'])).toBe(totals.total);
    expect(textOf(root['cac:TaxTotal']['cbc:TaxAmount'])).toBe(totals.taxes.sum);
    const subtotals = [root['cac:TaxTotal']['cac:TaxSubtotal']].flat();
    const rates = totals.taxes.categories.flatMap((category: any) => category.rates);
    expect(subtotals.map((s: any) => textOf(s['cbc:TaxableAmount']))).toEqual(rates.map((r: any) => r.base));
    const lines = [root[doc.type === 'credit-note' ? 'cac:CreditNoteLine' : 'cac:InvoiceLine']].flat();
    expect(lines.map((l: any) => textOf(l['cbc:LineExtensionAmount']))).toEqual((doc.lines as any[]).map((l) => l.total));
    if (doc.type === 'credit-note') {
      expect(Object.keys(create(written.text).end({ format: 'object' }) as object)).toEqual(['CreditNote']);
      expect(textOf(root['cac:BillingReference']['cac:InvoiceDocumentReference']['cbc:ID'])).toBe('F-0001');
    }
  });

  withEinvoice.describe('judged by the official artefacts', () => {
    test.each(DOCUMENTS)('%s: valid by the UBL 2.1 XML Schema and the EN 16931 rules', async (_name, make) => {
      const written = writeUbl(calculated(make()));
      if (!written.ok) throw new Error(JSON.stringify(written.faults));
      expect(await ublSchemaErrors(written.text)).toEqual([]);
      expect(en16931UblFindings(written.text).filter((finding) => finding.flag === 'fatal')).toEqual([]);
    });

    test('the judges see a broken document: a wrong total, an element out of its place', async () => {
      const written = writeUbl(calculated(einvoice()));
      if (!written.ok) throw new Error(JSON.stringify(written.faults));
      const wrongTotal = written.text.replace(/(<cbc:PayableAmount currencyID="EUR">)[^<]+/, '$19999.99');
      expect(en16931UblFindings(wrongTotal).map((finding) => finding.rule)).toContain('BR-CO-16');
      const outOfPlace = written.text.replace(
        /(<cbc:DueDate>[^<]+<\/cbc:DueDate>)\s*(<cbc:InvoiceTypeCode>[^<]+<\/cbc:InvoiceTypeCode>)/,
        '$2$1',
      );
      expect(outOfPlace).not.toBe(written.text);
      expect((await ublSchemaErrors(outOfPlace)).join('\n')).toMatch(/DueDate.*not expected/);
    });
  });
});

describe('UBL: what EN 16931 needs that the document does not say is refused, naming the rule and the path', () => {
  const faultsOf = (doc: Record<string, unknown>) => {
    const written = writeUbl(calculated(doc, { gobl: 'faulted' }));
    return written.ok ? [] : written.faults.map((fault) => `${fault.code} ${fault.paths.join(',')}`);
  };

  test('a buyer without a postal address: BR-10', () => {
    const doc = einvoice();
    expect(faultsOf({ ...doc, customer: { name: 'Sample Consumer', tax_id: { country: 'ES', code: '54387763P' } } })).toEqual([
      'BR-10 $.doc.customer.addresses',
    ]);
  });

  test('the README invoice as it is (no addresses, no terms): BR-08, BR-10 and BR-CO-25', () => {
    expect(faultsOf(invoice())).toEqual([
      'BR-08 $.doc.supplier.addresses',
      'BR-10 $.doc.customer.addresses',
      'BR-CO-25 $.doc.payment.terms',
    ]);
  });

  test('an exempt category without a reason, in a document calculated without the addon that asks for one: BR-E-10', () => {
    const doc = einvoice({
      lines: [{ quantity: '1', item: { name: 'Medical check', price: '80.00' }, taxes: [{ cat: 'VAT', key: 'exempt' }] }],
    });
    const written = writeUbl(calculated(doc, { addons: [] }));
    expect(written.ok ? [] : written.faults.map((fault) => `${fault.code} ${fault.paths.join(',')}`)).toEqual([
      'BR-E-10 $.doc.totals.taxes.categories[0].rates[0]',
    ]);
  });
});
