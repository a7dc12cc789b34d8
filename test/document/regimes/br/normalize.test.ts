import { processDocument } from '../../../../src/document';
import type { JsonObject } from '../../../../src/document/base/types';

const ctx = { newUuid: () => '0190f0b8-0000-7000-8000-000000000001', now: new Date('2025-03-01T10:00:00Z') };

const invoice = (customer: JsonObject): JsonObject => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  currency: 'BRL',
  issue_date: '2025-02-20',
  code: 'T-1',
  supplier: { name: 'S', tax_id: { country: 'BR', code: '55263640000186' }, addresses: [{ street: 'Rua A', locality: 'Centro' }] },
  customer,
  lines: [{ quantity: '1', item: { name: 'A', price: '100' }, taxes: [{ cat: 'ICMS', percent: '18%' }] }],
});

const countries = (party: JsonObject) => (party.addresses as JsonObject[]).map((a) => a.country);

/** GOBL's BR regime (v0.502.1) gives the addresses of a party without a country the party's own. */
describe('Brazilian parties: the country of their addresses', () => {
  test.each<[string, JsonObject, (string | undefined)[]]>([
    [
      'from the tax ID',
      { name: 'C', tax_id: { country: 'BR', code: '05700736000196' }, addresses: [{ street: 'X' }, { street: 'Y', country: 'PT' }] },
      ['BR', 'PT'],
    ],
    ['from a tax country code, as its ISO code', { name: 'C', tax_id: { country: 'EL' }, addresses: [{ street: 'X' }] }, ['GR']],
    [
      'from the first identity with a country',
      { name: 'C', identities: [{ code: '1' }, { country: 'US', code: '2' }], addresses: [{ street: 'X' }] },
      ['US'],
    ],
    ['none without a country to give', { name: 'C', identities: [{ code: '1' }], addresses: [{ street: 'X' }] }, [undefined]],
  ])('%s', (_what, customer, want) => {
    const r = processDocument(invoice(customer), ctx);
    if (!r.ok) throw new Error(r.message);
    expect(countries(r.envelope.doc.supplier as JsonObject)).toEqual(['BR']);
    expect(countries(r.envelope.doc.customer as JsonObject)).toEqual(want);
  });
});
