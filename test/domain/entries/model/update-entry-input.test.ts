import { DomainError } from '../../../../src/domain/shared/errors';
import { parseStateInput, STATE_KEYS } from '../../../../src/domain/entries/model/entry-state';
import { parseUpdateEntryInput, updateAsDerivation } from '../../../../src/domain/entries/model/update-entry.input';
import { versionOf, legacyVersionOf } from '../../../../src/domain/entries/model/entry-history';
import { expectedVersionOf } from '../../../../src/rest/entry-history.routes';

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
    [
      { folder: 'archive', sign: true },
      { folder: 'archive', sign: true },
    ],
    [
      { data: [{ op: 'remove', path: '/doc/x' }], content_type: 'application/json-patch+json' },
      { contentType: 'application/json-patch+json' },
    ],
    [
      { data: null, folder: null, content_type: '' },
      { data: undefined, folder: undefined, contentType: 'application/json' },
    ],
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
  test("a version is the start of the SHA-256 of the envelope text; an old entry's, of its digest", () => {
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

describe('updateAsDerivation', () => {
  const ID = '0190c000-0000-7000-8000-000000000000';
  const unsigned = { folder: 'sales', signed: false };
  const signed = { folder: 'sales', signed: true };

  test('no data and no new signature: only the folder', () => {
    expect(updateAsDerivation({}, ID, unsigned)).toEqual({ unchanged: { folder: 'sales' } });
    expect(updateAsDerivation({ folder: 'archive' }, ID, unsigned)).toEqual({ unchanged: { folder: 'archive' } });
    expect(updateAsDerivation({ folder: 'archive', sign: true }, ID, signed)).toEqual({ unchanged: { folder: 'archive' } });
  });

  test('data or a first signature: a derivation of the entry from itself, in its folder unless one is given', () => {
    expect(updateAsDerivation({ sign: true }, ID, unsigned)).toEqual({
      input: { data: undefined, folder: 'sales', contentType: 'application/json', previousId: ID, allowInvalid: false, sign: true },
    });
    const merge = updateAsDerivation(
      { data: { doc: {} }, content_type: 'application/merge-patch+json', folder: 'x', allow_invalid: true },
      ID,
      unsigned,
    );
    expect(merge).toEqual({
      input: {
        data: { doc: {} },
        folder: 'x',
        contentType: 'application/merge-patch+json',
        previousId: ID,
        allowInvalid: true,
        sign: false,
      },
    });
  });

  test('data for a signed entry is 409 entry-signed', () => {
    expect(refusal(() => updateAsDerivation({ data: { doc: {} } }, ID, signed)).key).toBe('entry-signed');
  });
});
