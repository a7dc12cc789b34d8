import { processDocument, type Envelope } from '../../src/document';
import { documentView } from '../../src/render/document-view';
import { invoice } from '../helpers/documents';

const calculated = (doc: object): Envelope => {
  const result = processDocument(doc as never, {
    newUuid: () => '0190a0b0-0000-7000-8000-000000000002',
    now: new Date('2026-11-20T10:00:00Z'),
  });
  if (!result.ok) throw new Error(result.message);
  return result.envelope;
};

const taxRows = (envelope: Envelope) =>
  documentView(envelope)
    .tables.find((t) => t.title === 'Taxes')!
    .rows.map((row) => [row[0], row[1], row[3]]);

describe('the tax breakdown names each rate by its own key', () => {
  test('21 % and 4 % VAT are general and super-reduced, not both "Standard" (the key GOBL gives both)', () => {
    const envelope = calculated(
      invoice({
        lines: [
          { quantity: '1', item: { name: 'Service', price: '100.00' }, taxes: [{ cat: 'VAT', rate: 'general' }] },
          { quantity: '1', item: { name: 'Bread', price: '10.00' }, taxes: [{ cat: 'VAT', rate: 'super-reduced' }] },
        ],
      }),
    );
    const rates = (envelope.doc as any).totals.taxes.categories[0].rates;
    expect(rates.map((r: any) => r.key)).toEqual(['standard', 'standard']);
    expect(taxRows(envelope)).toEqual([
      ['VAT', 'general', '21.0%'],
      ['VAT', 'super-reduced', '4.0%'],
    ]);
  });

  test('a percentage given without a rate key keeps the tax key', () => {
    const envelope = calculated(
      invoice({ lines: [{ quantity: '1', item: { name: 'Service', price: '100.00' }, taxes: [{ cat: 'VAT', percent: '7%' }] }] }),
    );
    expect(taxRows(envelope)).toEqual([['VAT', 'standard', '7%']]);
  });
});
