import { processDocument } from '../../../../src/document';
import type { JsonObject } from '../../../../src/document/base/types';
import { invoice } from '../../../helpers/documents';

/** A Danish CVR identity is checked in any document, whatever its regime; both cases checked against GOBL v0.502.1. */

const ctx = { newUuid: () => '0190a5f2-7c3e-7000-8000-000000000001', now: new Date('2025-03-01T10:00:00Z') };

const spanishInvoiceWithCvr = (code: string): JsonObject =>
  invoice({
    customer: { name: 'Cli SL', tax_id: { country: 'ES', code: '54387763P' }, identities: [{ type: 'CVR', code }] },
  }) as JsonObject;

const faultsOf = (doc: JsonObject) => {
  const result = processDocument(doc, ctx);
  if (!result.ok) throw new Error(result.message);
  return result.faults.map((f) => [f.code, ...(f.paths ?? [])]);
};

test('a CVR number with a bad check digit is refused in a Spanish invoice', () => {
  expect(faultsOf(spanishInvoiceWithCvr('13585627'))).toEqual([['GOBL-DK-ORG-IDENTITY-01', '$.doc.customer.identities[0].code']]);
});

test('a valid CVR number passes', () => {
  expect(faultsOf(spanishInvoiceWithCvr('13585628'))).toEqual([]);
});
