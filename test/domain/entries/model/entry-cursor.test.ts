import { decodeCursor, encodeCursor } from '../../../../src/domain/entries/model/entry-cursor';
import { DomainError } from '../../../../src/domain/shared/errors';

const position = { createdAt: 1795241604123, id: '01a1fcbd-04c0-72ff-a05d-e50025768049' };

const inputError = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof DomainError ? error.key : 'other';
  }
  return 'none';
};

describe('EntryCursor', () => {
  test('round-trips a position and is opaque base64url', () => {
    const cursor = encodeCursor('acme', position, {});
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain('acme');
    expect(decodeCursor('acme', cursor, {})).toEqual(position);
  });

  test('keeps the filters it was made for', () => {
    const filters = { folder: 'sales', createdAt: new Date('2026-01-01T00:00:00Z') };
    const cursor = encodeCursor('acme', position, filters);
    expect(decodeCursor('acme', cursor, filters)).toEqual(position);
    expect(inputError(() => decodeCursor('acme', cursor, {}))).toBe('input');
    expect(inputError(() => decodeCursor('acme', cursor, { folder: 'sales' }))).toBe('input');
    expect(inputError(() => decodeCursor('acme', encodeCursor('acme', position, {}), filters))).toBe('input');
  });

  test('another workspace cursor decodes to nothing rather than a position', () => {
    expect(decodeCursor('other', encodeCursor('acme', position, {}), {})).toBeUndefined();
  });

  test.each([
    '',
    '!!!',
    'e30',
    Buffer.from('{"v":1,"w":"x","c":"soon","i":"x"}').toString('base64url'),
    Buffer.from('not json').toString('base64url'),
  ])('garbage %p is bad input', (text) => {
    expect(inputError(() => decodeCursor('acme', text, {}))).toBe('input');
  });
});

describe('EntryCursor order and list', () => {
  test('a cursor continues only the order it was made in', () => {
    const ascending = encodeCursor('acme', position, { ascending: true });
    expect(decodeCursor('acme', ascending, { ascending: true })).toEqual(position);
    expect(inputError(() => decodeCursor('acme', ascending, {}))).toBe('input');
    expect(inputError(() => decodeCursor('acme', encodeCursor('acme', position, {}), { ascending: true }))).toBe('input');
  });

  test('a related list cursor continues only that list, with its context', () => {
    const uuid = '01a1fcbd-04c0-72ff-a05d-e50025768049';
    const related = encodeCursor('acme', position, { related: uuid, context: 'preceding' });
    expect(decodeCursor('acme', related, { related: uuid, context: 'preceding' })).toEqual(position);
    expect(inputError(() => decodeCursor('acme', related, {}))).toBe('input');
    expect(inputError(() => decodeCursor('acme', related, { related: uuid }))).toBe('input');
    expect(inputError(() => decodeCursor('acme', related, { related: '01a1fcbd-04c0-72ff-a05d-e50025768040', context: 'preceding' }))).toBe(
      'input',
    );
    expect(inputError(() => decodeCursor('acme', encodeCursor('acme', position, {}), { related: uuid }))).toBe('input');
  });
});
