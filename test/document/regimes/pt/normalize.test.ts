import { processDocument } from '../../../../src/document';
import type { JsonObject } from '../../../../src/document/base/types';

let counter = 0;
const ctx = {
  newUuid: () => `0190f0b8-0000-7000-8000-${String(++counter).padStart(12, '0')}`,
  now: new Date('2024-03-10T10:00:00Z'),
};

const invoice = (taxes: JsonObject[]): JsonObject => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  currency: 'EUR',
  issue_date: '2024-03-10',
  code: 'T-1',
  supplier: { name: 'S', tax_id: { country: 'PT', code: '545259045' } },
  lines: taxes.map((t) => ({ quantity: '1', item: { name: 'A', price: '100' }, taxes: [t] })),
});

/** GOBL's PT regime gives every VAT combo a region before validating that it has one (checked against v0.502.1). */
describe('Portuguese VAT combos get their region', () => {
  test.each<[string, JsonObject, string | undefined, string]>([
    ['none given: the mainland', { cat: 'VAT', rate: 'general' }, 'PT', '23.0%'],
    ['one given is kept, with its rate', { cat: 'VAT', rate: 'general', ext: { 'pt-region': 'PT-AC' } }, 'PT-AC', '16.0%'],
    ['another country: that country', { cat: 'VAT', percent: '20%', country: 'FR' }, 'FR', '20%'],
    ['a tax country code: its ISO code', { cat: 'VAT', percent: '24%', country: 'EL' }, 'GR', '24%'],
    ['a country without an ISO code: none', { cat: 'VAT', percent: '10%', country: 'EU' }, undefined, '10%'],
  ])('%s', (_what, combo, region, percent) => {
    const r = processDocument(invoice([combo]), ctx);
    if (!r.ok) throw new Error(r.message);
    const taxed = ((r.envelope.doc.lines as JsonObject[])[0].taxes as JsonObject[])[0];
    expect((taxed.ext as JsonObject | undefined)?.['pt-region']).toBe(region);
    expect(taxed.percent).toBe(percent);
    const codes = r.faults.map((f) => f.code);
    if (region) expect(codes).not.toContain('GOBL-PT-TAX-COMBO-01');
    else expect(codes).toContain('GOBL-PT-TAX-COMBO-01');
  });

  test('other categories are left alone', () => {
    const r = processDocument(invoice([{ cat: 'VAT', rate: 'general' }, { cat: 'IRS', percent: '25%' } as JsonObject]), ctx);
    if (!r.ok) throw new Error(r.message);
    const irs = ((r.envelope.doc.lines as JsonObject[])[1].taxes as JsonObject[])[0];
    expect(irs.ext).toBeUndefined();
  });
});
