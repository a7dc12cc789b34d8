import { ptRules } from '../../../../src/document/regimes/pt/rules';
import type { JsonObject } from '../../../../src/document/base/types';

/** Checked against GOBL v0.502.1, where an invoice complement of a payment reaches validation uncalculated. */
describe('PT invoice type', () => {
  const invoice = (type?: string): JsonObject => ({
    ...(type === undefined ? {} : { type }),
    supplier: { name: 'S', tax_id: { country: 'PT', code: '545259045' } },
  });
  const typeFaults = (doc: JsonObject) =>
    (ptRules['bill/invoice']?.(doc, '$.doc') ?? []).filter((f) => f.code === 'GOBL-PT-BILL-INVOICE-01');

  test.each(['standard', 'credit-note', 'debit-note', 'proforma', 'other'])('%s is a Portuguese invoice type', (type) => {
    expect(typeFaults(invoice(type))).toEqual([]);
  });

  test.each([['corrective'], [''], [undefined]])('%p is not, nor is a missing type', (type) => {
    expect(typeFaults(invoice(type)).map((f) => f.paths)).toEqual([['$.doc.type']]);
  });
});
