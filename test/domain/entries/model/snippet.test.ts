import type { Envelope } from '../../../../src/document';
import { buildSnippet } from '../../../../src/domain/entries/model/snippet';
import { currentSnippet } from '../../../../src/domain/entries/model/snippet-party';
import { readExample, withGobl } from '../../../helpers/golden-examples';

const golden = (file: string) => readExample<Envelope>(file);
const wrap = (doc: Record<string, unknown>) =>
  ({ $schema: 'https://gobl.org/draft-0/envelope', head: { uuid: 'u', dig: { alg: 'sha256', val: 'x' } }, doc }) as Envelope;

describe('buildSnippet', () => {
  withGobl.test('an invoice shows its numbering, parties and totals', () => {
    const envelope = golden('es/out/invoice-es-es.json');
    expect(buildSnippet(envelope)).toEqual({
      title: 'SAMPLE-001',
      uuid: '3aea7b56-59d8-4beb-90bd-f8f280d852a0',
      type: 'standard',
      code: 'SAMPLE-001',
      currency: 'EUR',
      issue_date: '2022-02-01',
      supplier: { name: 'Provide One S.L.', country: 'ES', tax_code: 'B98602642' },
      customer: { name: 'Sample Consumer', country: 'ES', tax_code: '54387763P' },
      total: '1630.00',
      tax: '340.20',
      total_with_tax: '1970.20',
      payable: '1970.20',
    });
  });

  test('a series joins the code in the title; a corrective shows its preceding document', () => {
    const snippet = buildSnippet(
      wrap({
        $schema: 'https://gobl.org/draft-0/bill/invoice',
        type: 'credit-note',
        series: 'R',
        code: '7',
        preceding: [{ uuid: 'p-uuid', series: 'F', code: '3' }],
      }),
    );
    expect(snippet).toMatchObject({ title: 'R-7', p_series: 'F', p_code: '3', p_uuid: 'p-uuid' });
  });

  test("an invoice's parties are the hosted API's OrgParty: uuid, name, alias, country and tax code, absent ones left out", () => {
    const snippet = buildSnippet(
      wrap({
        $schema: 'https://gobl.org/draft-0/bill/invoice',
        code: '1',
        supplier: { uuid: 's-uuid', name: 'Provide One S.L.', alias: 'ProOne', tax_id: { country: 'ES', code: 'B98602642' }, emails: [] },
        customer: { name: 'Export Buyer', tax_id: { country: 'US' } },
      }),
    );
    expect(snippet.supplier).toEqual({ uuid: 's-uuid', name: 'Provide One S.L.', alias: 'ProOne', country: 'ES', tax_code: 'B98602642' });
    expect(Object.keys(snippet.supplier as object)).toEqual(['uuid', 'name', 'alias', 'country', 'tax_code']);
    expect(snippet.customer).toEqual({ name: 'Export Buyer', country: 'US' });
    expect(buildSnippet(wrap({ $schema: 'https://gobl.org/draft-0/bill/invoice', code: '1', supplier: {} })).supplier).toEqual({});
  });

  test('an invoice without a code yet is titled by its type', () => {
    expect(buildSnippet(wrap({ $schema: 'https://gobl.org/draft-0/bill/invoice', type: 'standard' })).title).toBe('standard');
  });

  test('a party shows its name, alias and tax identity', () => {
    const snippet = buildSnippet(
      wrap({
        $schema: 'https://gobl.org/draft-0/org/party',
        uuid: 'u1',
        name: 'Acme',
        alias: 'ACME',
        tax_id: { country: 'ES', code: 'B98602642' },
      }),
    );
    expect(snippet).toEqual({ title: 'Acme', uuid: 'u1', name: 'Acme', alias: 'ACME', country: 'ES', tax_code: 'B98602642' });
  });

  test('a message is titled by its title, or by the start of its content', () => {
    expect(buildSnippet(wrap({ $schema: 'https://gobl.org/draft-0/note/message', title: 'Hi', content: 'x' })).title).toBe('Hi');
    const long = buildSnippet(wrap({ $schema: 'https://gobl.org/draft-0/note/message', content: 'word '.repeat(40) })).title;
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith('…')).toBe(true);
  });

  test('other documents always have a title', () => {
    expect(buildSnippet(wrap({ $schema: 'https://gobl.org/draft-0/bill/payment', series: 'P', code: '1' })).title).toBe('P-1');
    expect(buildSnippet(wrap({ $schema: 'https://gobl.org/draft-0/bill/order' })).title).toBe('bill/order');
  });
});

describe('currentSnippet', () => {
  test("a snippet stored before the OrgParty shape: its parties' tax_id split into country and tax_code", () => {
    const stored = {
      title: 'SAMPLE-001',
      code: 'SAMPLE-001',
      supplier: { name: 'Provide One S.L.', tax_id: 'ESB98602642' },
      customer: { name: 'Sample Consumer', tax_id: 'ES54387763P' },
      payable: '1970.20',
    };
    const shown = currentSnippet(stored);
    expect(shown).toEqual({
      title: 'SAMPLE-001',
      code: 'SAMPLE-001',
      supplier: { name: 'Provide One S.L.', country: 'ES', tax_code: 'B98602642' },
      customer: { name: 'Sample Consumer', country: 'ES', tax_code: '54387763P' },
      payable: '1970.20',
    });
    // The stored snippet is not changed in place.
    expect(stored.supplier).toEqual({ name: 'Provide One S.L.', tax_id: 'ESB98602642' });
  });

  test('a country alone, a code without a country, a party without a tax id', () => {
    expect(currentSnippet({ title: 'x', supplier: { name: 'A', tax_id: 'US' } }).supplier).toEqual({ name: 'A', country: 'US' });
    expect(currentSnippet({ title: 'x', supplier: { name: 'A', tax_id: '123' } }).supplier).toEqual({ name: 'A', tax_code: '123' });
    expect(currentSnippet({ title: 'x', customer: { name: 'B', tax_id: 'es12' } }).customer).toEqual({
      name: 'B',
      country: 'ES',
      tax_code: '12',
    });
    expect(currentSnippet({ title: 'x', customer: { name: 'C' } }).customer).toEqual({ name: 'C' });
  });

  test('a current snippet, or one without parties, is returned as it is', () => {
    const current = { title: 'F-1', supplier: { name: 'A', country: 'ES', tax_code: 'B98602642' } };
    expect(currentSnippet(current)).toBe(current);
    const party = { title: 'Acme', name: 'Acme', country: 'ES', tax_code: 'B98602642' };
    expect(currentSnippet(party)).toBe(party);
  });
});
