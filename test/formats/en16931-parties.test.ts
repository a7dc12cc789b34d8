import { readCii } from '../../src/formats/cii/cii-reader';
import { readUbl } from '../../src/formats/ubl/ubl-reader';
import { einvoice } from '../helpers/documents';
import { ciiSchemaErrors, fatalFindings, ublSchemaErrors, withEinvoice } from '../helpers/einvoice-judge';
import { writtenAndRead, type Reader } from '../helpers/einvoice-reading';

/**
 * The parties' identifiers (BT-29, BT-30, BT-32, BT-46, BT-47) and the payment card (BG-18), written by both syntaxes
 * and read back as they were: what lets a seller without a VAT identifier meet BR-CO-26, and a card payment BR-DE-24.
 */
const identified = () =>
  einvoice({
    supplier: {
      ...(einvoice().supplier as Record<string, unknown>),
      identities: [
        { code: 'SUP-1' },
        { key: 'gln', code: '4000001000005' },
        { scope: 'legal', code: 'Hoja M-123456' },
        // A national identity EN 16931 names no scheme for: not written.
        { type: 'NIF', code: 'B98602642' },
      ],
    },
    customer: {
      ...(einvoice().customer as Record<string, unknown>),
      identities: [{ code: 'CUST-7' }, { code: 'CUST-8' }, { scope: 'legal', code: '0001234', ext: { 'iso-scheme-id': '0088' } }],
    },
    payment: {
      ...((einvoice() as Record<string, unknown>).payment as Record<string, unknown>),
      instructions: { key: 'card', card: { last4: '1234', holder: 'Sample Holder' } },
    },
  });

const SYNTAXES: [string, 'ubl' | 'cii', Reader][] = [
  ['UBL', 'ubl', readUbl],
  ['CII', 'cii', readCii],
];

describe.each(SYNTAXES)('%s: party identifiers and the payment card, written and read back', (_name, format, read) => {
  test('the identifiers EN 16931 has a place for, each with its scheme; one identifier of the buyer; the card', () => {
    const { result } = writtenAndRead(format, identified(), read);
    if (!result.ok) throw new Error(JSON.stringify(result.faults));
    const doc = result.doc as any;
    expect(doc.supplier.identities).toEqual(
      expect.arrayContaining([
        { code: 'SUP-1' },
        { code: '4000001000005', ext: { 'iso-scheme-id': '0088' } },
        { scope: 'legal', code: 'Hoja M-123456' },
      ]),
    );
    expect(doc.supplier.identities).toHaveLength(3);
    expect(doc.customer.identities).toEqual([{ code: 'CUST-7' }, { scope: 'legal', code: '0001234', ext: { 'iso-scheme-id': '0088' } }]);
    expect(doc.payment.instructions).toMatchObject({ key: 'card', card: { last4: '1234', holder: 'Sample Holder' } });
  });

  test("a German seller's tax number (BT-32) is written beside its VAT identifier, and read back as one", () => {
    const doc = identified();
    const supplier = { ...(doc.supplier as Record<string, unknown>), identities: [{ key: 'de-tax-number', code: '12/345/67890' }] };
    const { text, result } = writtenAndRead(format, { ...doc, supplier }, read);
    expect(text).toContain('12/345/67890');
    if (!result.ok) throw new Error(JSON.stringify(result.faults));
    expect((result.doc as any).supplier.identities).toEqual([{ scope: 'tax', country: 'ES', code: '12/345/67890' }]);
  });
});

/** A German seller with no VAT identifier, known by its tax number (BT-32) and its commercial register entry (BT-30). */
const germanSellerWithoutVatId = () =>
  einvoice({
    supplier: {
      name: 'Kleinbetrieb GmbH',
      tax_id: { country: 'DE' },
      identities: [
        { key: 'de-tax-number', code: '12/345/67890' },
        { scope: 'legal', code: 'HRB 12345' },
      ],
      addresses: [{ street: 'Hauptstraße', num: '1', locality: 'Berlin', code: '10115', country: 'DE' }],
    },
  });

withEinvoice.describe('the identifiers and the card, judged by the official artefacts', () => {
  test.each(SYNTAXES)('%s: valid by its XML Schema and the EN 16931 rules', async (_name, format, read) => {
    const { text } = writtenAndRead(format, identified(), read);
    expect(await (format === 'ubl' ? ublSchemaErrors(text) : ciiSchemaErrors(text))).toEqual([]);
    expect(await fatalFindings(format === 'ubl' ? 'en16931-ubl' : 'en16931-cii', text)).toEqual([]);
  });

  test.each(SYNTAXES)(
    '%s: a standard rated seller known by its tax number alone meets BR-S-02 and BR-CO-26',
    async (_name, format, read) => {
      const { text } = writtenAndRead(format, germanSellerWithoutVatId(), read);
      expect(await (format === 'ubl' ? ublSchemaErrors(text) : ciiSchemaErrors(text))).toEqual([]);
      expect(await fatalFindings(format === 'ubl' ? 'en16931-ubl' : 'en16931-cii', text)).toEqual([]);
    },
  );
});
