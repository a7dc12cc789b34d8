import { create } from 'xmlbuilder2';
import { writeUbl } from '../../src/formats/ubl/ubl-document';
import { einvoice, invoice } from '../helpers/documents';
import { fatalFindings, rulesFindings, ublSchemaErrors, withEinvoice } from '../helpers/einvoice-judge';
import { calculated, EINVOICES, intraCommunitySupply } from '../helpers/einvoices';

/** The written document read back as xmlbuilder2's objects, under its root element. */
const readBack = (xml: string): any => Object.values(create(xml).end({ format: 'object' }) as Record<string, unknown>)[0];
const textOf = (node: any): string => (typeof node === 'string' ? node : node['#']);

describe('UBL: a calculated invoice written as EN 16931 UBL 2.1', () => {
  test.each(EINVOICES)('%s: written with its own figures', (_name, make) => {
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
    test.each(EINVOICES)('%s: valid by the UBL 2.1 XML Schema and the EN 16931 rules', async (_name, make) => {
      const written = writeUbl(calculated(make()));
      if (!written.ok) throw new Error(JSON.stringify(written.faults));
      expect(await ublSchemaErrors(written.text)).toEqual([]);
      expect(await fatalFindings('en16931-ubl', written.text)).toEqual([]);
    });

    test('an intra-community supply: its deliver-to party (BG-13) written, valid by the rules that ask for it (BR-IC-12)', async () => {
      const written = writeUbl(calculated(intraCommunitySupply()));
      if (!written.ok) throw new Error(JSON.stringify(written.faults));
      const delivery = readBack(written.text)['cac:Delivery'];
      expect(textOf(delivery['cac:DeliveryParty']['cac:PartyName']['cbc:Name'])).toBe('Kunde Lager');
      expect(textOf(delivery['cac:DeliveryLocation']['cac:Address']['cac:Country']['cbc:IdentificationCode'])).toBe('DE');
      expect(await ublSchemaErrors(written.text)).toEqual([]);
      expect(await fatalFindings('en16931-ubl', written.text)).toEqual([]);
    });

    test('the judges see a broken document: a wrong total, an element out of its place', async () => {
      const written = writeUbl(calculated(einvoice()));
      if (!written.ok) throw new Error(JSON.stringify(written.faults));
      const wrongTotal = written.text.replace(/(<cbc:PayableAmount currencyID="EUR">)[^<]+/, '$19999.99');
      expect((await rulesFindings('en16931-ubl', wrongTotal)).map((finding) => finding.rule)).toContain('BR-CO-16');
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

  test('an intra-community supply with no delivery date nor deliver-to country: BR-IC-11, BR-IC-12', () => {
    const { delivery: _delivery, ...undelivered } = intraCommunitySupply();
    expect(faultsOf(undelivered)).toEqual(['BR-IC-11 $.doc.delivery.date', 'BR-IC-12 $.doc.delivery.receiver.addresses']);
  });

  test('a seller with no VAT identifier, its supply exempt: BR-CO-26 unless it has an identifier or legal registration', () => {
    const doc = einvoice({
      lines: [{ quantity: '1', item: { name: 'Medical check', price: '80.00' }, taxes: [{ cat: 'VAT', key: 'exempt' }] }],
      tax: { notes: [{ cat: 'VAT', key: 'exempt', text: 'Exempt under Article 132(1)(b)' }] },
    });
    const supplier = { ...(doc.supplier as Record<string, unknown>), tax_id: { country: 'ES' } };
    expect(faultsOf({ ...doc, supplier })).toEqual(['BR-CO-26 $.doc.supplier.tax_id.code']);
    // A national identity EN 16931 has no scheme for is not written, so it does not count.
    expect(faultsOf({ ...doc, supplier: { ...supplier, identities: [{ type: 'NIF', code: 'B98602642' }] } })).toEqual([
      'BR-CO-26 $.doc.supplier.tax_id.code',
    ]);
    expect(faultsOf({ ...doc, supplier: { ...supplier, identities: [{ scope: 'legal', code: 'Hoja V-12345' }] } })).toEqual([]);
    expect(
      faultsOf({ ...doc, supplier: { ...supplier, identities: [{ code: '4000001000005', ext: { 'iso-scheme-id': '0088' } }] } }),
    ).toEqual([]);
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
