import { DomainError } from '../../src/domain/errors';
import { parseStateInput, STATE_KEYS } from '../../src/domain/entry-states';
import { parseUpdateEntryInput } from '../../src/domain/update-entry.input';
import { versionOf, legacyVersionOf } from '../../src/domain/entry-history';
import { expectedVersionOf } from '../../src/rest/entry-history.routes';

const refusal = (work: () => unknown): DomainError => {
  try {
    work();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('not refused');
};

describe('parseUpdateEntryInput', () => {
  test.each([
    [{}, { contentType: 'application/json', allowInvalid: false, sign: false }],
    [{ folder: 'archive', sign: true }, { folder: 'archive', sign: true }],
    [{ data: [{ op: 'remove', path: '/doc/x' }], content_type: 'application/json-patch+json' }, { contentType: 'application/json-patch+json' }],
    [{ data: null, folder: null, content_type: '' }, { data: undefined, folder: undefined, contentType: 'application/json' }],
  ])('%j is read', (body, expected) => {
    expect(parseUpdateEntryInput(body)).toMatchObject(expected);
  });

  test.each([
    [[], undefined],
    [{ data: 'x' }, ['data']],
    [{ data: [1] }, ['data']],
    [{ content_type: 'application/merge-patch+json' }, ['data']],
    [{ content_type: 'text/plain' }, ['content_type']],
    [{ folder: 'Bad', allow_invalid: 'yes' }, ['allow_invalid', 'folder']],
  ])('%j is 400 input naming %j', (body, fields) => {
    const error = refusal(() => parseUpdateEntryInput(body));
    expect(error.key).toBe('input');
    if (fields) expect(Object.keys(error.details.fields ?? {}).sort()).toEqual(fields);
  });
});

describe('parseStateInput', () => {
  test.each(STATE_KEYS.map((key) => [key]))('%s is a state', (key) => {
    expect(parseStateInput({ key }).key).toBe(key);
  });

  test('an unknown key is 422 unknown-state; a wrong shape is 400 input', () => {
    expect(refusal(() => parseStateInput({ key: 'Sent' })).key).toBe('unknown-state');
    expect(refusal(() => parseStateInput({ key: 'shipped' })).key).toBe('unknown-state');
    expect(refusal(() => parseStateInput({ key: 3 })).key).toBe('input');
    expect(refusal(() => parseStateInput({ key: 'sent', meta: { a: 1 } })).key).toBe('input');
    expect(refusal(() => parseStateInput({ key: 'sent', notes: 5 })).key).toBe('input');
    expect(parseStateInput({ key: 'paid', notes: 'n', meta: { a: 'b' } })).toEqual({ key: 'paid', notes: 'n', meta: { a: 'b' } });
  });
});

describe('versions', () => {
  test('a version is the start of the SHA-256 of the envelope text; an old entry\'s, of its digest', () => {
    expect(versionOf('{}')).toBe('44136fa355');
    expect(versionOf('{"a":1}')).not.toBe(versionOf('{"a":2}'));
    expect(legacyVersionOf('ABCDEF0123456789')).toBe('abcdef0123');
  });

  test.each([
    [undefined, undefined],
    ['*', undefined],
    ['"76f845c125"', '76f845c125'],
    ['W/"76F845C125"', '76f845c125'],
    ['"a", "b"', 'a'],
    ['76f845c125', '76f845c125'],
  ])('If-Match %j names %j', (header, version) => {
    expect(expectedVersionOf(header)).toBe(version);
  });
});
