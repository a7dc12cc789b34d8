import { create } from 'xmlbuilder2';
import { FORMATS } from '../../src/formats';
import { fitForCius, SUPPLIER_GLN } from '../helpers/cius-documents';
import { einvoice, germanCustomer } from '../helpers/documents';
import { fatalFindings, ublSchemaErrors, withEinvoice } from '../helpers/einvoice-judge';
import { calculated, EINVOICES } from '../helpers/einvoices';

/** The written document read back as xmlbuilder2's objects, under its root element. */
const readBack = (xml: string): any => Object.values(create(xml).end({ format: 'object' }) as Record<string, unknown>)[0];
const endpointOf = (root: any, party: 'AccountingSupplierParty' | 'AccountingCustomerParty') =>
  root[`cac:${party}`]['cac:Party']['cbc:EndpointID'];

/** The document written in Peppol BIS, or the test fails with the faults. */
function written(doc: Record<string, unknown>): string {
  const result = FORMATS.peppol.write(calculated(doc));
  if (!result.ok) throw new Error(JSON.stringify(result.faults));
  return result.text;
}

/** The faults of a refused document, as `rule path` lines. */
function faultsOf(doc: Record<string, unknown>): string[] {
  const result = FORMATS.peppol.write(calculated(doc, { gobl: 'faulted' }));
  return result.ok ? [] : result.faults.map((fault) => `${fault.code} ${fault.paths.join(',')}`);
}

const DIRECT_DEBIT = {
  terms: { key: 'due-date', due_dates: [{ date: '2026-12-20', percent: '100%' }] },
  instructions: {
    key: 'direct-debit+sepa',
    direct_debit: { ref: 'MANDATE-0001', creditor: 'ES12ZZZ12345678', account: 'ES7921000813610123456789' },
  },
};

describe('Peppol BIS Billing 3.0: a calculated invoice written as Peppol UBL', () => {
  test.each(EINVOICES)('%s: names Peppol, and both parties at their Peppol address', (_name, make) => {
    const root = readBack(written(fitForCius(make())));
    expect(root['cbc:CustomizationID']).toBe('urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0');
    expect(root['cbc:ProfileID']).toBe('urn:fdc:peppol.eu:2017:poacc:billing:01:1.0');
    expect(endpointOf(root, 'AccountingSupplierParty')).toEqual({ '@schemeID': '0088', '#': SUPPLIER_GLN });
    expect(endpointOf(root, 'AccountingCustomerParty')['@schemeID']).toMatch(/^99(20|30)$/);
    expect(root['cbc:BuyerReference']).toBe('LW-991-12345-67');
  });

  test('a party without an inbox is reached at an identity with an ISO 6523 scheme, else at its VAT number; an e-mail is no Peppol address', () => {
    const byIdentity = fitForCius(einvoice());
    delete (byIdentity.customer as any).inboxes;
    (byIdentity.customer as any).identities = [{ key: 'gln', code: '4012345000009' }];
    expect(endpointOf(readBack(written(byIdentity)), 'AccountingCustomerParty')).toEqual({ '@schemeID': '0088', '#': '4012345000009' });
    const byEmail = fitForCius(einvoice());
    (byEmail.customer as any).inboxes = [{ email: 'invoices@example.com' }];
    expect(endpointOf(readBack(written(byEmail)), 'AccountingCustomerParty')).toEqual({ '@schemeID': '9920', '#': 'ES54387763P' });
  });

  test('several notes are written as one (PEPPOL-EN16931-R002)', () => {
    const root = readBack(written(fitForCius(einvoice({ notes: [{ text: 'First note' }, { text: 'Second note' }] }))));
    expect(root['cbc:Note']).toBe('First note\n\nSecond note');
  });

  test("a direct debit is written with its mandate (BT-89), the debited account (BT-91) and the creditor's identifier (BT-90)", () => {
    const root = readBack(written(fitForCius(einvoice({ payment: DIRECT_DEBIT }))));
    expect(root['cac:PaymentMeans']['cbc:PaymentMeansCode']).toBe('59');
    expect(root['cac:PaymentMeans']['cac:PaymentMandate']).toEqual({
      'cbc:ID': 'MANDATE-0001',
      'cac:PayerFinancialAccount': { 'cbc:ID': 'ES7921000813610123456789' },
    });
    expect(root['cac:AccountingSupplierParty']['cac:Party']['cac:PartyIdentification']).toEqual({
      'cbc:ID': { '@schemeID': 'SEPA', '#': 'ES12ZZZ12345678' },
    });
  });

  withEinvoice.describe('judged by the official artefacts', () => {
    const germanSeller = () => ({
      ...germanCustomer(),
      name: 'Lieferant GmbH',
      tax_id: { country: 'DE', code: '111111125' },
      emails: [{ addr: 'rechnung@example.de' }],
    });
    const cases: [string, () => Record<string, unknown>][] = [
      ...EINVOICES.map(([name, make]): [string, () => Record<string, unknown>] => [name, () => fitForCius(make())]),
      ['a direct debit', () => fitForCius(einvoice({ payment: DIRECT_DEBIT }))],
      ['two notes', () => fitForCius(einvoice({ notes: [{ text: 'First note' }, { text: 'Second note' }] }))],
      [
        'a German seller and a German buyer (the German rules apply)',
        () => fitForCius(einvoice({ supplier: germanSeller(), customer: germanCustomer() })),
      ],
    ];

    test.each(cases)('%s: valid by the UBL 2.1 XML Schema, the EN 16931 rules and the Peppol rules', async (_name, make) => {
      const xml = written(make());
      expect(await ublSchemaErrors(xml)).toEqual([]);
      expect(await fatalFindings('en16931-ubl', xml)).toEqual([]);
      expect(await fatalFindings('peppol-ubl', xml)).toEqual([]);
    });

    test('the Peppol rules see what the refusals guard: no buyer address, no reference, an empty element', async () => {
      const xml = written(fitForCius(einvoice()));
      const noEndpoint = xml.replace(/<cbc:EndpointID schemeID="9920">[^<]*<\/cbc:EndpointID>/, '');
      const noReference = xml.replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '');
      const empty = xml.replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '<cbc:BuyerReference/>');
      const rules = async (text: string) => (await fatalFindings('peppol-ubl', text)).map((line) => line.split(' ')[0]);
      expect(await rules(noEndpoint)).toEqual(['PEPPOL-EN16931-R010']);
      expect(await rules(noReference)).toEqual(['PEPPOL-EN16931-R003']);
      expect(await rules(empty)).toContain('PEPPOL-EN16931-R008');
    });
  });
});

describe('Peppol BIS: what Peppol needs that the document does not say is refused, naming the rule and the path', () => {
  test('a buyer with no Peppol address: PEPPOL-EN16931-R010', () => {
    const doc = fitForCius(einvoice());
    doc.customer = { name: 'Customer Inc', addresses: [{ locality: 'Boston', code: '02110', country: 'US' }] };
    expect(faultsOf(doc)).toEqual(['PEPPOL-EN16931-R010 $.doc.customer.inboxes']);
  });

  test('a seller with no Peppol address: PEPPOL-EN16931-R020', () => {
    // Sweden's VAT numbers have no electronic address scheme of their own.
    const swedish = {
      name: 'Leverantör AB',
      tax_id: { country: 'SE', code: '556036079301' },
      addresses: [{ locality: 'Malmö', code: '21120', country: 'SE' }],
    };
    const doc = fitForCius(einvoice({ supplier: swedish }));
    delete (doc.supplier as any).inboxes;
    expect(faultsOf(doc)).toEqual(['PEPPOL-EN16931-R020 $.doc.supplier.inboxes']);
  });

  test('an inbox under a scheme Peppol does not route, or a GLN with a wrong check digit: CL008, PEPPOL-COMMON-R040', () => {
    const unrouted = fitForCius(einvoice());
    (unrouted.customer as any).inboxes = [{ scheme: 'AN', code: 'EDI-54387763' }];
    expect(faultsOf(unrouted)).toEqual(['PEPPOL-EN16931-CL008 $.doc.customer.inboxes[0].scheme']);
    const wrongGln = fitForCius(einvoice());
    (wrongGln.supplier as any).inboxes = [{ key: 'peppol', code: '0088:4000001123453' }];
    expect(faultsOf(wrongGln)).toEqual(['PEPPOL-COMMON-R040 $.doc.supplier.inboxes[0].code']);
  });

  test("neither the buyer's reference nor a purchase order: PEPPOL-EN16931-R003; a purchase order alone will do", () => {
    const doc = fitForCius(einvoice());
    doc.ordering = undefined;
    expect(faultsOf({ ...doc, ordering: { purchases: [] } })).toEqual(['PEPPOL-EN16931-R003 $.doc.ordering.code']);
    expect(faultsOf({ ...doc, ordering: { purchases: [{ code: 'PO-77' }] } })).toEqual([]);
  });

  test('a corrective invoice between parties not both German: PEPPOL-EN16931-P0112', () => {
    const doc = fitForCius(
      einvoice({ type: 'corrective', preceding: [{ series: 'F', code: '0001', issue_date: '2026-11-20', reason: 'Wrong price' }] }),
    );
    expect(faultsOf(doc)).toEqual(['PEPPOL-EN16931-P0112 $.doc.type']);
  });

  test("a direct debit without its mandate's reference: PEPPOL-EN16931-R061", () => {
    const payment = { ...DIRECT_DEBIT, instructions: { ...DIRECT_DEBIT.instructions, direct_debit: { creditor: 'ES12ZZZ12345678' } } };
    expect(faultsOf(fitForCius(einvoice({ payment })))).toEqual(['PEPPOL-EN16931-R061 $.doc.payment.instructions.direct_debit.ref']);
  });

  test('between a German seller and a German buyer, the German rules under their Peppol ids: DE-R-015, DE-R-002', () => {
    const doc: Record<string, unknown> = {
      ...fitForCius(einvoice({ customer: germanCustomer() })),
      ordering: { purchases: [{ code: 'PO-77' }] },
    };
    doc.supplier = { ...germanCustomer(), name: 'Lieferant GmbH', tax_id: { country: 'DE', code: '111111125' } };
    expect(faultsOf(doc)).toEqual([
      'DE-R-015 $.doc.ordering.code',
      'DE-R-002 $.doc.supplier.people,$.doc.supplier.telephones,$.doc.supplier.emails',
    ]);
  });
});
