import { readUbl } from '../../src/formats/ubl/ubl-reader';
import { parseXml } from '../../src/formats/xml-read';
import { withEinvoice } from '../helpers/einvoice-judge';
import { differing, readExamples, writtenAndRead } from '../helpers/einvoice-reading';
import { EINVOICES } from '../helpers/einvoices';

describe('UBL: a received Invoice or CreditNote read as a GOBL invoice', () => {
  test('a CreditNote is a credit note: its lines, its due date in the payment means, the invoice it corrects', () => {
    const [, make] = EINVOICES.find(([name]) => name.startsWith('a credit note'))!;
    const { text, result } = writtenAndRead('ubl', make(), readUbl);
    expect(text).toContain('<CreditNote');
    if (!result.ok) throw new Error(JSON.stringify(result.faults));
    expect(result.doc.type).toBe('credit-note');
    expect(result.doc.preceding).toEqual([{ code: 'F-0001', issue_date: '2026-11-20' }]);
    expect(result.doc.payment).toMatchObject({ terms: { due_dates: [{ date: '2026-12-20', percent: '100%' }] } });
  });

  test('a document that is no invoice, or lacks what every invoice has, is refused at the XPaths of what is missing', () => {
    expect(readUbl(parseXml('<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>'))).toMatchObject({
      ok: false,
      faults: [{ code: 'read-root', paths: ['/Order'] }],
    });
    const bare = readUbl(parseXml('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'));
    expect(bare.ok ? [] : bare.faults.map((fault) => `${fault.code} ${fault.paths.join()}`)).toEqual([
      'BR-02 /Invoice/cbc:ID',
      'BR-03 /Invoice/cbc:IssueDate',
      'BR-05 /Invoice/cbc:DocumentCurrencyCode',
      'BR-06 /Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName',
      'BR-16 /Invoice/cac:InvoiceLine',
    ]);
  });
});

withEinvoice.describe('UBL: the official EN 16931 examples read and calculated again', () => {
  /**
   * The examples whose payable GOBL calculates otherwise than they state it, each because the example contradicts
   * itself: a line's net amount (BT-131) is not its quantity times its net price (BT-129 × BT-146 / BT-149), and
   * GOBL calculates the line from those. The difference is the service's to show, not the reader's to hide.
   * - guide-example1, ubl-tc434-example1 and -example10: line 20 (a return) states -109.98 for 6 × 18.33, a positive quantity.
   * - guide-example2 and ubl-tc434-example2: line 1 states 1273.00 for 2 × 1273.00.
   * - guide-example3 and ubl-tc434-example3: lines 1 and 2 state 400.00 (800.00 in -example3) for 2 × 800.00.
   */
  const KNOWN = [
    'guide-example1.xml',
    'guide-example2.xml',
    'guide-example3.xml',
    'ubl-tc434-example1.xml',
    'ubl-tc434-example10.xml',
    'ubl-tc434-example2.xml',
    'ubl-tc434-example3.xml',
  ];

  test('every example is read, and all but those that contradict themselves are payable as they state', () => {
    const outcomes = readExamples('en16931-ubl', readUbl);
    expect(outcomes.length).toBeGreaterThanOrEqual(19);
    expect(differing(outcomes)).toEqual(KNOWN);
  });
});
