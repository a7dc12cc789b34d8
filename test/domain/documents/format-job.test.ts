import { runFormatJob } from '../../../src/domain/documents/format-job';
import type { DomainError } from '../../../src/domain/shared/errors';
import { einvoice, invoice } from '../../helpers/documents';

let uuids = 0;
const context = { newUuid: () => `0190a0b0-0000-7000-8000-${String(++uuids).padStart(12, '0')}`, now: new Date('2026-11-20T10:00:00Z') };

describe("a format job: GOBL's faults and the format's, together, as one 422", () => {
  const job = (doc: Record<string, unknown>) => ({
    workspaceId: 'w',
    format: 'ubl' as const,
    envelopeJson: JSON.stringify({ $schema: 'https://gobl.org/draft-0/envelope', head: { uuid: context.newUuid(), dig: {} }, doc }),
  });
  const refusal = (doc: Record<string, unknown>) => {
    try {
      runFormatJob(job(doc), context);
    } catch (error) {
      return error as DomainError;
    }
    throw new Error('written');
  };

  test("the README invoice as it is: the addon's faults (provider gobl) and EN 16931's rules (provider ubl)", () => {
    const error = refusal(invoice());
    expect(error.key).toBe('validation');
    expect(error.details.faults!.map((f) => `${f.provider} ${f.code} ${f.paths.join(',')}`)).toEqual([
      'gobl GOBL-EU-EN16931-BILL-INVOICE-04 $.doc.supplier.addresses',
      'gobl GOBL-EU-EN16931-BILL-INVOICE-05 $.doc.customer.addresses',
      'gobl GOBL-EU-EN16931-BILL-INVOICE-06 $.doc.payment',
      'ubl BR-08 $.doc.supplier.addresses',
      'ubl BR-10 $.doc.customer.addresses',
      'ubl BR-CO-25 $.doc.payment.terms',
    ]);
  });

  test('a valid invoice: the UBL text and its file name', () => {
    const outcome = runFormatJob(job(einvoice()), context);
    expect(outcome.name).toBe('F-0001');
    expect(outcome.text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\s*<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/,
    );
  });

  test('a document that is not an invoice', () => {
    const error = refusal({ $schema: 'https://gobl.org/draft-0/org/party', name: 'Someone' });
    expect(error.key).toBe('validation');
    expect(error.message).toBe('only invoices can be written as ubl: this document is https://gobl.org/draft-0/org/party');
  });
});
