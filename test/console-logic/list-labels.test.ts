import { csvField } from '../../console/src/csv-export';
import { amountOf, counterparty, documentType, entryNumber } from '../../console/src/entry-labels';
import { searchQueryOf } from '../../console/src/search-words';

describe('the search box asks for word beginnings', () => {
  test.each([
    ['acm', 'acm*'],
    ['Sample Cons', 'Sample* Cons*'],
    ['  F-0001  ', 'F-0001*'],
    ['ab', 'ab'],
    ['F-1', 'F-1'],
    ['needle*', 'needle*'],
    ['a acme', 'a acme*'],
  ])('%j → %j', (typed, asked) => expect(searchQueryOf(typed)).toBe(asked));
});

describe('the list’s labels', () => {
  test.each([
    ['https://gobl.org/draft-0/bill/invoice', {}, 'Invoice'],
    ['https://gobl.org/draft-0/bill/invoice', { type: 'credit-note' }, 'Credit note'],
    ['https://gobl.org/draft-0/bill/invoice', { type: 'standard' }, 'Invoice'],
    ['https://gobl.org/draft-0/bill/delivery', {}, 'Delivery note'],
    ['https://gobl.org/draft-0/org/party', {}, 'Party'],
    ['https://example.com/draft-0/odd/thing', {}, 'odd/thing'],
  ])('%s with %j is "%s"', (schema, snippet, word) => expect(documentType(schema, snippet)).toBe(word));

  test('number, counterparty and amount come from the snippet', () => {
    const snippet = {
      title: 'SAMPLE-0042',
      series: 'SAMPLE',
      code: '0042',
      customer: { name: 'Sample Consumer' },
      supplier: { name: 'Provide One' },
      payable: '2204.00',
      total_with_tax: '2204.00',
      currency: 'EUR',
    };
    expect(entryNumber(snippet)).toBe('SAMPLE-0042');
    expect(counterparty(snippet)).toBe('Sample Consumer');
    expect(counterparty({ supplier: { name: 'Provide One' } })).toBe('Provide One');
    expect(counterparty({ title: 'Acme', name: 'Acme' })).toBe('');
    expect(amountOf(snippet)).toEqual({ amount: '2204.00', currency: 'EUR' });
    expect(entryNumber({ title: 'Acme' })).toBe('Acme');
  });
});

describe('CSV fields', () => {
  test.each([
    ['plain', 'plain'],
    ['Provide One, S.L.', '"Provide One, S.L."'],
    ['say "hi"', '"say ""hi"""'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['-3.00', '-3.00'],
    ['-cmd', "'-cmd"],
    ['two\nlines', '"two\nlines"'],
  ])('%j is written %j', (value, written) => expect(csvField(value)).toBe(written));
});
