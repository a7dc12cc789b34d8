import { ERROR_KEYS } from '../../src/domain/errors';
import { HTTP_STATUS } from '../../src/http/refusal';

describe('error catalogue', () => {
  test('every error key has an HTTP status, and the map has no stray keys', () => {
    expect(Object.keys(HTTP_STATUS).sort()).toEqual([...ERROR_KEYS].sort());
  });

  test.each(ERROR_KEYS.map((k) => [k]))('%s maps to a 4xx, or 500 for internal', (key) => {
    const status = HTTP_STATUS[key];
    expect(key === 'internal' ? status === 500 : status >= 400 && status < 500).toBe(true);
  });
});
