import { ERROR_KEYS } from '../../src/domain/errors';
import { HTTP_STATUS } from '../../src/http/refusal';

describe('error catalogue', () => {
  test('every error key has an HTTP status, and the map has no stray keys', () => {
    expect(Object.keys(HTTP_STATUS).sort()).toEqual([...ERROR_KEYS].sort());
  });

  const SERVER_SIDE: Record<string, number> = { internal: 500, unavailable: 503 };
  test.each(ERROR_KEYS.map((k) => [k]))('%s maps to a 4xx, or 500 for internal and 503 for unavailable', (key) => {
    const status = HTTP_STATUS[key];
    if (key in SERVER_SIDE) expect(status).toBe(SERVER_SIDE[key]);
    else expect(status >= 400 && status < 500).toBe(true);
  });
});
