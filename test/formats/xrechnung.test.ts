import { create } from 'xmlbuilder2';
import { FORMATS } from '../../src/formats';
import { fitForCius } from '../helpers/cius-documents';
import { einvoice } from '../helpers/documents';
import { ciiSchemaErrors, fatalFindings, ublSchemaErrors, withEinvoice } from '../helpers/einvoice-judge';
import { calculated, EINVOICES } from '../helpers/einvoices';

const XRECHNUNG = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
const ADDONS = [...FORMATS['xrechnung-ubl'].addons];

/** The written document read back as xmlbuilder2's objects, under its root element. */
const readBack = (xml: string): any => Object.values(create(xml).end({ format: 'object' }) as Record<string, unknown>)[0];

/** Each syntax of XRechnung: its format, its schema, its rule sets. */
const SYNTAXES = [
  { format: 'xrechnung-ubl', schemaErrors: ublSchemaErrors, en16931: 'en16931-ubl', cius: 'xrechnung-ubl' },
  { format: 'xrechnung-cii', schemaErrors: ciiSchemaErrors, en16931: 'en16931-cii', cius: 'xrechnung-cii' },
] as const;
type Format = (typeof SYNTAXES)[number]['format'];

/** The document written in an XRechnung syntax, calculated with its addons (GOBL's own XRechnung rules pass). */
function written(format: Format, doc: Record<string, unknown>): string {
  const result = FORMATS[format].write(calculated(doc, { addons: ADDONS }));
  if (!result.ok) throw new Error(JSON.stringify(result.faults));
  return result.text;
}

/** The faults of a refused document, as `rule path` lines; the same in both syntaxes. */
function faultsOf(doc: Record<string, unknown>): string[] {
  const [ubl, cii] = (['xrechnung-ubl', 'xrechnung-cii'] as const).map((format) => {
    const result = FORMATS[format].write(calculated(doc, { addons: ADDONS, gobl: 'faulted' }));
    return result.ok ? [] : result.faults.map((fault) => `${fault.code} ${fault.paths.join(',')}`);
  });
  expect(cii).toEqual(ubl);
  return ubl;
}

const SKONTO = '#SKONTO#TAGE=14#PROZENT=2.00#';

const DIRECT_DEBIT = {
  terms: { key: 'due-date', due_dates: [{ date: '2026-12-20', percent: '100%' }] },
  instructions: {
    key: 'direct-debit+sepa',
    direct_debit: { ref: 'MANDATE-0001', creditor: 'ES12ZZZ12345678', account: 'ES7921000813610123456789' },
  },
};

describe('XRechnung 3.0: a calculated invoice written in UBL and in CII', () => {
  test('the addons GOBL calculates it with: EN 16931 and XRechnung', () => {
    expect(FORMATS['xrechnung-ubl'].addons).toEqual(['eu-en16931-v2017', 'de-xrechnung-v3']);
    expect(FORMATS['xrechnung-cii'].addons).toEqual(['eu-en16931-v2017', 'de-xrechnung-v3']);
  });

  test.each(EINVOICES)('%s: names XRechnung, with the Peppol billing process in UBL', (_name, make) => {
    const ubl = readBack(written('xrechnung-ubl', fitForCius(make())));
    expect(ubl['cbc:CustomizationID']).toBe(XRECHNUNG);
    expect(ubl['cbc:ProfileID']).toBe('urn:fdc:peppol.eu:2017:poacc:billing:01:1.0');
    expect(ubl['cac:AccountingSupplierParty']['cac:Party']['cac:Contact']).toEqual({
      'cbc:Name': 'Marta Ruiz',
      'cbc:Telephone': '+34 910 000 000',
      'cbc:ElectronicMail': 'billing@example.com',
    });
    const cii = readBack(written('xrechnung-cii', fitForCius(make())));
    expect(cii['rsm:ExchangedDocumentContext']).toEqual({ 'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': XRECHNUNG } });
  });

  test('a buyer reached by e-mail is written at scheme EM, which XRechnung takes', () => {
    const doc = fitForCius(einvoice());
    (doc.customer as any).inboxes = [{ email: 'rechnung@example.com' }];
    const party = readBack(written('xrechnung-ubl', doc))['cac:AccountingCustomerParty']['cac:Party'];
    expect(party['cbc:EndpointID']).toEqual({ '@schemeID': 'EM', '#': 'rechnung@example.com' });
  });

  test('cash discount terms (Skonto) keep the line break XRechnung asks after them (BR-DE-18)', () => {
    const doc = fitForCius(einvoice());
    (doc.payment as any).terms.notes = `${SKONTO}\n`;
    expect(readBack(written('xrechnung-ubl', doc))['cac:PaymentTerms']['cbc:Note']).toBe(`${SKONTO}\n`);
  });

  withEinvoice.describe('judged by the official artefacts', () => {
    const withSkonto = () => {
      const doc = fitForCius(einvoice());
      (doc.payment as any).terms.notes = SKONTO;
      return doc;
    };
    const cases: [string, () => Record<string, unknown>][] = [
      ...EINVOICES.map(([name, make]): [string, () => Record<string, unknown>] => [name, () => fitForCius(make())]),
      ['cash discount terms (Skonto)', withSkonto],
      ['a SEPA direct debit', () => fitForCius(einvoice({ payment: DIRECT_DEBIT }))],
    ];
    const judged = SYNTAXES.flatMap((syntax) => cases.map(([name, make]) => [syntax.format, name, syntax, make] as const));

    test.each(judged)(
      '%s, %s: valid by the XML Schema, the EN 16931 rules and the XRechnung rules',
      async (_format, _name, syntax, make) => {
        const xml = written(syntax.format, make());
        expect(await syntax.schemaErrors(xml)).toEqual([]);
        expect(await fatalFindings(syntax.en16931, xml)).toEqual([]);
        expect(await fatalFindings(syntax.cius, xml)).toEqual([]);
      },
    );

    test('the XRechnung rules see what the refusals guard: no buyer reference, no seller contact', async () => {
      const xml = written('xrechnung-ubl', fitForCius(einvoice()));
      const rules = async (text: string) => (await fatalFindings('xrechnung-ubl', text)).map((line) => line.split(' ')[0]);
      expect(await rules(xml.replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, ''))).toEqual(['BR-DE-15']);
      expect(await rules(xml.replace(/<cac:Contact>[\s\S]*?<\/cac:Contact>/, ''))).toEqual(['BR-DE-2']);
      const cii = written('xrechnung-cii', fitForCius(einvoice()));
      const ciiRules = async (text: string) => (await fatalFindings('xrechnung-cii', text)).map((line) => line.split(' ')[0]);
      expect(await ciiRules(cii.replace(/<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, ''))).toEqual(['BR-DE-15']);
    });
  });
});

describe('XRechnung: what it needs that the document does not say is refused in either syntax, naming the rule and the path', () => {
  test("no buyer's reference: BR-DE-15", () => {
    const doc = fitForCius(einvoice());
    doc.ordering = { purchases: [{ code: 'PO-77' }] };
    expect(faultsOf(doc)).toEqual(['BR-DE-15 $.doc.ordering.code']);
  });

  test("no seller's contact: BR-DE-2; a contact that lacks a part: BR-DE-5, BR-DE-6, BR-DE-7", () => {
    const none = fitForCius(einvoice());
    for (const key of ['people', 'telephones', 'emails']) delete (none.supplier as any)[key];
    expect(faultsOf(none)).toEqual(['BR-DE-2 $.doc.supplier.people,$.doc.supplier.telephones,$.doc.supplier.emails']);
    const nameless = fitForCius(einvoice());
    delete (nameless.supplier as any).people;
    expect(faultsOf(nameless)).toEqual(['BR-DE-5 $.doc.supplier.people']);
    const unreachable = fitForCius(einvoice());
    delete (unreachable.supplier as any).telephones;
    delete (unreachable.supplier as any).emails;
    expect(faultsOf(unreachable)).toEqual(['BR-DE-6 $.doc.supplier.telephones', 'BR-DE-7 $.doc.supplier.emails']);
  });

  test("the seller's and the buyer's city and post code: BR-DE-3, BR-DE-4, BR-DE-8, BR-DE-9", () => {
    const doc = fitForCius(einvoice());
    (doc.supplier as any).addresses = [{ street: 'Main Street', country: 'ES' }];
    (doc.customer as any).addresses = [{ street: 'Main Street', country: 'ES' }];
    expect(faultsOf(doc)).toEqual([
      'BR-DE-3 $.doc.supplier.addresses[0].locality',
      'BR-DE-4 $.doc.supplier.addresses[0].code',
      'BR-DE-8 $.doc.customer.addresses[0].locality',
      'BR-DE-9 $.doc.customer.addresses[0].code',
    ]);
  });

  test('no payment instructions: BR-DE-1', () => {
    const doc = fitForCius(einvoice());
    delete (doc.payment as any).instructions;
    expect(faultsOf(doc)).toEqual(['BR-DE-1 $.doc.payment.instructions']);
  });

  test('a direct debit without the creditor identifier or the debited account: BR-DE-30, BR-DE-31', () => {
    const doc = fitForCius(einvoice());
    doc.payment = { ...(doc.payment as any), instructions: { key: 'direct-debit+sepa', direct_debit: { ref: 'MANDATE-0001' } } };
    expect(faultsOf(doc)).toEqual([
      'BR-DE-30 $.doc.payment.instructions.direct_debit.creditor',
      'BR-DE-31 $.doc.payment.instructions.direct_debit.account',
    ]);
  });

  test('cash discount terms not in the form XRechnung reads: BR-DE-18', () => {
    const doc = fitForCius(einvoice());
    (doc.payment as any).terms.notes = '#SKONTO#TAGE=14#PROZENT=2#';
    expect(faultsOf(doc)).toEqual(['BR-DE-18 $.doc.payment.terms.notes']);
  });

  test('a party with no electronic address', () => {
    const doc = fitForCius(einvoice());
    delete (doc.customer as any).inboxes;
    delete (doc.customer as any).tax_id;
    expect(faultsOf(doc)).toEqual(['xrechnung-electronic-address $.doc.customer.inboxes']);
  });
});
