import { create } from 'xmlbuilder2';
import { writeCii } from '../../src/formats/cii/cii-document';
import { invoice } from '../helpers/documents';
import { ciiSchemaErrors, fatalFindings, rulesFindings, withEinvoice } from '../helpers/einvoice-judge';
import { calculated, EINVOICES, intraCommunitySupply } from '../helpers/einvoices';

/** The written document read back as xmlbuilder2's objects, under its root element. */
const readBack = (xml: string): any => Object.values(create(xml).end({ format: 'object' }) as Record<string, unknown>)[0];
const textOf = (node: any): string => (typeof node === 'string' ? node : node['#']);
const list = (node: any): any[] => (node === undefined ? [] : [node].flat());

describe('CII: a calculated invoice written as EN 16931 UN/CEFACT CII D16B', () => {
  test.each(EINVOICES)('%s: written with its own figures', (_name, make) => {
    const doc = calculated(make());
    const written = writeCii(doc);
    if (!written.ok) throw new Error(JSON.stringify(written.faults));
    expect(Object.keys(create(written.text).end({ format: 'object' }) as object)).toEqual(['rsm:CrossIndustryInvoice']);
    const root = readBack(written.text);
    const totals = doc.totals as any;
    expect(textOf(root['rsm:ExchangedDocument']['ram:ID'])).toBe(`${doc.series}-${doc.code}`);
    expect(textOf(root['rsm:ExchangedDocument']['ram:TypeCode'])).toBe(doc.type === 'credit-note' ? '381' : '380');
    const settlement = root['rsm:SupplyChainTradeTransaction']['ram:ApplicableHeaderTradeSettlement'];
    const sums = settlement['ram:SpecifiedTradeSettlementHeaderMonetarySummation'];
    expect(textOf(sums['ram:DuePayableAmount'])).toBe(totals.payable);
    expect(textOf(sums['ram:GrandTotalAmount'])).toBe(totals.total_with_tax);
    expect(sums['ram:TaxTotalAmount']).toEqual({ '@currencyID': 'EUR', '#': totals.taxes.sum });
    const rates = totals.taxes.categories.flatMap((category: any) => category.rates);
    expect(list(settlement['ram:ApplicableTradeTax']).map((tax) => textOf(tax['ram:BasisAmount']))).toEqual(rates.map((r: any) => r.base));
    const lines = list(root['rsm:SupplyChainTradeTransaction']['ram:IncludedSupplyChainTradeLineItem']);
    expect(
      lines.map((l) =>
        textOf(l['ram:SpecifiedLineTradeSettlement']['ram:SpecifiedTradeSettlementLineMonetarySummation']['ram:LineTotalAmount']),
      ),
    ).toEqual((doc.lines as any[]).map((l) => l.total));
    if (doc.type === 'credit-note') expect(textOf(settlement['ram:InvoiceReferencedDocument']['ram:IssuerAssignedID'])).toBe('F-0001');
  });

  withEinvoice.describe('judged by the official artefacts', () => {
    test.each(EINVOICES)('%s: valid by the CII D16B XML Schema and the EN 16931 rules', async (_name, make) => {
      const written = writeCii(calculated(make()));
      if (!written.ok) throw new Error(JSON.stringify(written.faults));
      expect(await ciiSchemaErrors(written.text)).toEqual([]);
      expect(await fatalFindings('en16931-cii', written.text)).toEqual([]);
    });

    test('an intra-community supply: its deliver-to party (BG-13) written, valid by the rules that ask for it (BR-IC-12)', async () => {
      const written = writeCii(calculated(intraCommunitySupply()));
      if (!written.ok) throw new Error(JSON.stringify(written.faults));
      const shipTo = readBack(written.text)['rsm:SupplyChainTradeTransaction']['ram:ApplicableHeaderTradeDelivery']['ram:ShipToTradeParty'];
      expect(textOf(shipTo['ram:Name'])).toBe('Kunde Lager');
      expect(textOf(shipTo['ram:PostalTradeAddress']['ram:CountryID'])).toBe('DE');
      expect(await ciiSchemaErrors(written.text)).toEqual([]);
      expect(await fatalFindings('en16931-cii', written.text)).toEqual([]);
    });

    test('the judges see a broken document: a wrong total, an element out of its place', async () => {
      const written = writeCii(calculated(EINVOICES[0][1]()));
      if (!written.ok) throw new Error(JSON.stringify(written.faults));
      const wrongTotal = written.text.replace(/(<ram:DuePayableAmount>)[^<]+/, '$19999.99');
      expect((await rulesFindings('en16931-cii', wrongTotal)).map((finding) => finding.rule)).toContain('BR-CO-16');
      const outOfPlace = written.text.replace(/(<ram:ID>[^<]+<\/ram:ID>)\s*(<ram:TypeCode>[^<]+<\/ram:TypeCode>)/, '$2$1');
      expect(outOfPlace).not.toBe(written.text);
      expect((await ciiSchemaErrors(outOfPlace)).join('\n')).toMatch(/not expected/);
    });
  });

  test('what EN 16931 needs and the README invoice lacks is refused, by rule and path', () => {
    const written = writeCii(calculated(invoice(), { gobl: 'faulted' }));
    expect(written.ok ? [] : written.faults.map((fault) => `${fault.code} ${fault.paths.join(',')}`)).toEqual([
      'BR-08 $.doc.supplier.addresses',
      'BR-10 $.doc.customer.addresses',
      'BR-CO-25 $.doc.payment.terms',
    ]);
  });
});
