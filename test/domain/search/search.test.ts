import { checkSearchQuery, searchTermsOf, MAX_SEARCH_RESULTS } from '../../../src/domain/search/search';
import { DomainError } from '../../../src/domain/shared/errors';

const entry = {
  id: '01a20be4-5fec-752c-9253-b2cd8bd2a21c',
  key: 'order-77',
  folder: 'sales',
  state: 'sent',
  docSchema: 'https://gobl.org/draft-0/bill/invoice',
  tags: ['b2b'],
  snippet: {
    title: 'F-0001',
    series: 'F',
    code: '0001',
    issue_date: '2026-11-20',
    supplier: { name: 'Provide One S.L.', tax_id: 'ESB98602642' },
    customer: { name: 'Ærø Düsseldorf' },
    total_with_tax: '2178.00',
  },
  meta: [
    { key: 'a', ref: 'TRK-1', value: { carrier: 'Fastpost', n: 7, nested: { no: 'x' } }, indexed: true, secure: false },
    { key: 'b', ref: 'HIDDEN-1', indexed: true, secure: true },
    { key: 'c', ref: 'PLAIN-1', indexed: false, secure: false },
  ],
};

describe('searchTermsOf', () => {
  const terms = new Set(searchTermsOf(entry));
  test.each([
    ['numbering, with and without punctuation', ['f', '0001', 'f0001']],
    ['tax id with and without its country (a snippet stored before parties had country and tax_code)', ['esb98602642', 'b98602642']],
    [
      'names, lower case, accents dropped, and their tails joined',
      ['provide', 'one', 's', 'l', 'sl', 'onesl', 'provideonesl', 'ærø', 'dusseldorf'],
    ],
    ['date and total', ['2026', '11', '20', '20261120', '217800']],
    ['key, folder, state, tag, type', ['order', '77', 'order77', 'sales', 'sent', 'b2b', 'invoice']],
    ['indexed meta: reference and plain values', ['trk1', 'fastpost', '7']],
  ])('%s', (_name, expected) => {
    for (const term of expected) expect(terms).toContain(term);
  });

  test('a UUID by the whole of it, its first group and its last; not its middle groups nor runs of them', () => {
    for (const term of ['01a20be45fec752c9253b2cd8bd2a21c', '01a20be4', 'b2cd8bd2a21c']) expect(terms).toContain(term);
    for (const term of ['5fec', '752c', '9253', '9253b2cd8bd2a21c', '752c9253b2cd8bd2a21c', '5fec752c9253b2cd8bd2a21c'])
      expect(terms).not.toContain(term);
    // Only a value that is a UUID: one that holds one keeps every run of its parts.
    const keyed = new Set(searchTermsOf({ ...entry, key: 'order-01a20be4-5fec-752c-9253-b2cd8bd2a21c' }));
    expect(keyed).toContain('9253b2cd8bd2a21c');
  });

  test('a party in the current shape: its tax id with and without its country, its country, its name and alias', () => {
    const current = new Set(
      searchTermsOf({
        ...entry,
        snippet: {
          title: 'F-0001',
          supplier: {
            uuid: '0190f2a4-6e1b-7c3d-8a2b-3c4d5e6f7a8b',
            name: 'Provide One S.L.',
            alias: 'ProOne',
            country: 'ES',
            tax_code: 'B98602642',
          },
          customer: { name: 'Sample Consumer', country: 'ES', tax_code: '54387763P' },
        },
      }),
    );
    for (const term of ['esb98602642', 'b98602642', 'es', 'es54387763p', '54387763p', 'proone', 'provideonesl', '0190f2a4'])
      expect(current).toContain(term);
  });

  test('a party snippet (org/party) is found by its whole tax id too', () => {
    const party = new Set(
      searchTermsOf({
        ...entry,
        docSchema: 'https://gobl.org/draft-0/org/party',
        snippet: { title: 'Acme', name: 'Acme', country: 'DE', tax_code: '111111125' },
      }),
    );
    for (const term of ['de111111125', '111111125', 'acme']) expect(party).toContain(term);
  });

  test('not the secure or unindexed meta, nor nested values', () => {
    for (const term of ['hidden1', 'plain1', 'x']) expect(terms).not.toContain(term);
  });

  test('no term is empty, none repeats, none is longer than 64 characters', () => {
    const long = searchTermsOf({ ...entry, key: 'k'.repeat(200) });
    expect(long.every((t) => t.length > 0 && t.length <= 64)).toBe(true);
    expect(new Set(long).size).toBe(long.length);
  });
});

describe('checkSearchQuery', () => {
  test('words normalized as terms are; a trailing * makes a prefix; defaults', () => {
    expect(checkSearchQuery({ q: '  F-0001  Düssel*  f-0001 ' })).toEqual({
      query: 'F-0001  Düssel*  f-0001',
      terms: [
        { text: 'f0001', prefix: false },
        { text: 'dussel', prefix: true },
      ],
      folder: undefined,
      limit: 20,
      offset: 0,
    });
    expect(checkSearchQuery({ q: 'x', folder: 'sales', limit: 100, offset: MAX_SEARCH_RESULTS - 100 })).toMatchObject({
      limit: 100,
      offset: 900,
      folder: 'sales',
    });
  });

  test('every bad parameter is named at once', () => {
    try {
      checkSearchQuery({ q: '', limit: '0', offset: '-1', folder: 'A B' });
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect(Object.keys((error as DomainError).details.fields ?? {}).sort()).toEqual(['folder', 'limit', 'offset', 'q']);
    }
  });

  test('a lone surrogate is refused', () => {
    expect(() => checkSearchQuery({ q: 'a\ud800' })).toThrow(DomainError);
  });
});
