import { processDocument, type Envelope, type JsonObject } from '../../../src/document';
import { correctInvoice, correctionRules, type CorrectionOptions } from '../../../src/document/bill/invoice-correct';
import { readExample, withGobl } from '../../helpers/golden-examples';

const golden = (file: string) => readExample<Envelope>(file);
const NOW = new Date('2026-03-01T23:30:00Z');
const ctx = { now: NOW };

function corrected(source: JsonObject, options: CorrectionOptions): JsonObject {
  const result = correctInvoice(source, options, ctx);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.doc;
}

const process = (doc: JsonObject) => {
  const result = processDocument(doc, { newUuid: () => '0190c000-0000-7000-8000-0000000000aa', now: NOW });
  if (!result.ok) throw new Error(result.message);
  return result;
};

withGobl.describe('correctInvoice', () => {
  const invoice = golden('es/out/invoice-es-es-freelance.json');

  test('a credit note refers to the invoice it corrects and keeps its lines as they are', () => {
    const before = structuredClone(invoice);
    const doc = corrected(invoice as unknown as JsonObject, { type: 'credit-note', reason: 'refund' });
    expect(invoice).toEqual(before);
    expect(doc.type).toBe('credit-note');
    expect(doc).not.toHaveProperty('uuid');
    expect(doc).not.toHaveProperty('code');
    expect(doc.issue_date).toBe('2026-03-01'); // today in UTC, as GOBL's correction takes it
    expect(doc.preceding).toEqual([
      { uuid: invoice.doc.uuid, type: 'standard', issue_date: '2022-02-01', code: 'SAMPLE-001', reason: 'refund' },
    ]);
    expect(doc.lines).toEqual(invoice.doc.lines);
  });

  test('the calculated credit note has the totals of the invoice, not negated, and is valid', () => {
    const result = process(corrected(invoice as unknown as JsonObject, { type: 'credit-note' }));
    expect(result.faults).toEqual([]);
    expect(result.envelope.doc.totals).toEqual(invoice.doc.totals);
    expect(result.envelope.doc.uuid).toBe('0190c000-0000-7000-8000-0000000000aa');
  });

  test('a debit note, with a series and an issue date of its own', () => {
    const doc = corrected(invoice as unknown as JsonObject, { type: 'debit-note', series: 'D', issueDate: '2026-01-31' });
    expect(doc).toMatchObject({ type: 'debit-note', series: 'D', issue_date: '2026-01-31' });
    expect((doc.preceding as JsonObject[])[0]).not.toHaveProperty('series');
    expect(process(doc).faults).toEqual([]);
  });

  test('the series is kept when none is given, and the preceding reference records it', () => {
    const doc = corrected(golden('ca/out/invoice-ca-ca.json') as unknown as JsonObject, { type: 'credit-note' });
    expect(doc.series).toBe('SAMPLE');
    expect((doc.preceding as JsonObject[])[0]).toMatchObject({ series: 'SAMPLE', code: '001' });
  });

  test('copy_tax copies the tax totals of the invoice into the reference', () => {
    const doc = corrected(invoice as unknown as JsonObject, { type: 'credit-note', copyTax: true });
    expect((doc.preceding as JsonObject[])[0].tax).toEqual((invoice.doc.totals as JsonObject).taxes);
    expect((corrected(invoice as unknown as JsonObject, { type: 'credit-note' }).preceding as JsonObject[])[0]).not.toHaveProperty('tax');
  });

  test('a bare invoice can be corrected as well as an envelope', () => {
    expect(corrected(invoice.doc, { type: 'credit-note' }).type).toBe('credit-note');
  });

  test('extensions go to the reference, except the document type that Verifactu puts on the new invoice', () => {
    const doc = corrected(golden('es/out/invoice-es-es-verifactu.json') as unknown as JsonObject, {
      type: 'credit-note',
      ext: { 'es-verifactu-doc-type': 'R2', 'other-key': 'X' },
    });
    expect((doc.preceding as JsonObject[])[0].ext).toEqual({ 'other-key': 'X' });
    expect((doc.tax as JsonObject).ext).toMatchObject({ 'es-verifactu-doc-type': 'R2' });
  });

  test("ARCA keeps the corrected invoice's tax extensions in the reference", () => {
    const doc = corrected(golden('ar/out/invoice-ar-arca-standard.json') as unknown as JsonObject, {
      type: 'credit-note',
      ext: { 'ar-arca-doc-type': '3' },
    });
    expect((doc.preceding as JsonObject[])[0].ext).toEqual({ 'ar-arca-concept': '1', 'ar-arca-doc-type': '1' });
    expect((doc.tax as JsonObject).ext).toEqual({ 'ar-arca-concept': '1', 'ar-arca-doc-type': '3' });
  });

  test('stamps the regime asks for are taken from the options or from the envelope header', () => {
    const colombian = golden('co/out/simple.json');
    const options: CorrectionOptions = { type: 'credit-note', reason: 'returned', ext: { 'co-dian-credit-code': '2' } };
    const fromOptions = corrected(colombian as unknown as JsonObject, {
      ...options,
      stamps: [
        { prv: 'dian-cude', val: 'CUDE-1' },
        { prv: 'dian-qr', val: 'not copied' },
      ],
    });
    expect((fromOptions.preceding as JsonObject[])[0].stamps).toEqual([{ prv: 'dian-cude', val: 'CUDE-1' }]);
    const stamped = { ...colombian, head: { ...colombian.head, stamps: [{ prv: 'dian-cude', val: 'CUDE-2' }] } };
    expect((corrected(stamped as unknown as JsonObject, options).preceding as JsonObject[])[0].stamps).toEqual([
      { prv: 'dian-cude', val: 'CUDE-2' },
    ]);
  });

  test.each([
    ['a party', golden('es/out/party.json'), { type: 'credit-note' }, undefined, 'only invoices can be corrected'],
    ['an invoice without a code', { ...invoice, doc: { ...invoice.doc, code: '' } }, { type: 'credit-note' }, undefined, 'without a code'],
    [
      'a type the regime does not allow',
      golden('de/out/invoice-de-de-stnr.json'),
      { type: 'debit-note' },
      'type',
      'does not allow a debit-note',
    ],
    [
      'a missing required reason',
      golden('co/out/simple.json'),
      { type: 'credit-note', stamps: [{ prv: 'dian-cude', val: 'x' }] },
      'reason',
      'reason is required',
    ],
    ['a missing required stamp', golden('co/out/simple.json'), { type: 'credit-note', reason: 'r' }, 'stamps', "'dian-cude'"],
  ])('%s is refused', (_name, source, options, option, message) => {
    const result = correctInvoice(source as unknown as JsonObject, options as CorrectionOptions, ctx);
    expect(result).toEqual({ ok: false, message: expect.stringContaining(message), ...(option ? { option } : {}) });
  });

  test('the rules merge the regime with its addons', () => {
    expect(correctionRules(golden('co/out/simple.json').doc)).toMatchObject({
      types: ['credit-note', 'debit-note'],
      stamps: ['dian-cude'],
      reasonRequired: true,
    });
    expect(correctionRules(golden('es/out/invoice-es-es-verifactu.json').doc).addons).toEqual(['es-verifactu-v1']);
  });
});
