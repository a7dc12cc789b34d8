import { JsonList, jsonText, RawJson } from '../../src/http/json-slices';

describe('JSON written in slices', () => {
  test('writes what JSON.stringify writes, for every kind of value and depth', async () => {
    const value = {
      a: 1,
      b: 'two "quoted" \u2028',
      c: [1, undefined, null, { d: [true, false, { e: { f: { g: [1, { h: 2 }] } } }] }],
      skipped: undefined,
      when: new Date(Date.UTC(2026, 10, 27)),
      nested: { deeper: { deepest: { list: [{ x: undefined, y: [] }], empty: {} } } },
      fn: () => 1,
    };
    expect(await jsonText(value)).toBe(JSON.stringify(value));
    expect(await jsonText([])).toBe('[]');
    expect(await jsonText('text')).toBe('"text"');
  });

  test('raw JSON text goes in as it is; a list is shaped item by item', async () => {
    const raw = '{"doc":{"n":"1.10"},"head":{}}';
    const text = await jsonText({ data: new RawJson(raw), items: new JsonList([1, 2, 3], (n: number) => ({ n: n * 2 })) });
    expect(text).toBe(`{"data":${raw},"items":[{"n":2},{"n":4},{"n":6}]}`);
    expect(JSON.stringify({ items: new JsonList([1], (n: number) => n + 1) })).toBe('{"items":[2]}');
    expect(() => JSON.stringify({ data: new RawJson(raw) })).toThrow(/jsonPieces/);
  });

  test('a large value lets timers run while it is written', async () => {
    const big = { list: Array.from({ length: 20_000 }, (_, i) => ({ id: i, text: 'x'.repeat(500) })) };
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    try {
      const text = await jsonText(big);
      expect(text).toBe(JSON.stringify(big));
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });
});
