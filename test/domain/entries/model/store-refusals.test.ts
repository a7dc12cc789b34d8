import { DomainError, ERROR_CATALOGUE } from '../../../../src/domain/shared/errors';
import { EntryMissing, LimitBreach, SearchTooBroad, WriteConflict } from '../../../../src/domain/shared/store-errors';
import { domainErrorOf, rethrowForClient } from '../../../../src/domain/entries/model/store-refusals';

/** What storage reports in its own terms becomes the contract's error: the key, status and text clients see. */
describe('store refusals', () => {
  test.each<[string, Error, string, number, RegExp, object | undefined]>([
    [
      'too many meta rows',
      new LimitBreach('metaRows', 11, 10),
      'validation',
      422,
      /has 10 meta rows.*ENTRY_META_LIMIT/,
      { key: expect.stringContaining('10 meta rows') },
    ],
    [
      'too many search terms',
      new LimitBreach('searchTerms', 120, 100),
      'validation',
      422,
      /would have 120 search terms; at most 100 \(ENTRY_SEARCH_TERMS_LIMIT\)/,
      { value: expect.stringContaining('120 search terms, over 100') },
    ],
    [
      'parts too heavy',
      new LimitBreach('parts', 5000, 4096),
      'payload-too-large',
      413,
      /would weigh 5000 bytes; at most 4096 \(ENTRY_PARTS_LIMIT\)/,
      undefined,
    ],
    ['a missing entry', new EntryMissing(), 'not-found', 404, /^entry not found$/, undefined],
    [
      'a file written twice at once',
      new WriteConflict('file'),
      'conflict',
      409,
      /^the file was written by another request at the same time: try again$/,
      undefined,
    ],
    [
      'a search stopped at its time limit',
      new SearchTooBroad(),
      'input',
      400,
      /matches too many entries to rank in time/,
      { q: expect.stringContaining('add words, or a folder') },
    ],
  ])('%s', (_name, reported, key, status, message, fields) => {
    const error = domainErrorOf(reported) as DomainError;
    expect(error).toBeInstanceOf(DomainError);
    expect({ key: error.key, status: ERROR_CATALOGUE[error.key].status }).toEqual({ key, status });
    expect(error.message).toMatch(message);
    expect(error.details.fields).toEqual(fields);
    expect(() => rethrowForClient(reported)).toThrow(error.message);
  });

  test('any other error passes as it is', () => {
    const other = new Error('connection lost');
    expect(domainErrorOf(other)).toBe(other);
    expect(() => rethrowForClient(other)).toThrow(other);
  });
});
