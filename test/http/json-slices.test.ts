import { JsonList, jsonPieces, jsonText, RawJson } from '../../src/http/json-slices';

/** A value's text as the slicing writer (jsonPieces) writes it, checked against the one written at once (jsonText). */
async function written(value: unknown): Promise<string> {
  const sliced = (await jsonPieces(value)).join('');
  expect(jsonText(value)).toBe(sliced);
  return sliced;
}

describe('JSON written in slices and at once', () => {
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
    expect(await written(value)).toBe(JSON.stringify(value));
    expect(await written([])).toBe('[]');
    expect(await written('text')).toBe('"text"');
  });

  test('raw JSON text goes in as it is; a list is shaped item by item', async () => {
    const raw = '{"doc":{"n":"1.10"},"head":{}}';
    const text = await written({ data: new RawJson(raw), items: new JsonList([1, 2, 3], (n: number) => ({ n: n * 2 })) });
    expect(text).toBe(`{"data":${raw},"items":[{"n":2},{"n":4},{"n":6}]}`);
    expect(JSON.stringify({ items: new JsonList([1], (n: number) => n + 1) })).toBe('{"items":[2]}');
  });

  test('raw JSON text at any depth goes in as it is, also inside what is written whole; JSON.stringify alone parses it', async () => {
    // Not canonical on purpose: only text put in as it is keeps the spaces and the escaped letter.
    const raw = '{ "v" : "\u0041", "n": 1.50 }';
    const deep = { a: { b: { c: { d: { e: [{ value: new RawJson(raw) }, new RawJson('[1]')] } } } }, after: 'x' };
    expect(await written(deep)).toBe(`{"a":{"b":{"c":{"d":{"e":[{"value":${raw}},[1]]}}}},"after":"x"}`);
    expect(JSON.stringify(deep)).toBe('{"a":{"b":{"c":{"d":{"e":[{"value":{"v":"A","n":1.5}},[1]]}}}},"after":"x"}');
    // A text that looks like the writer's mark is written as text, never replaced.
    const lookalike = { s: '\u0000raw-', t: new RawJson('2') };
    expect(await written(lookalike)).toBe(JSON.stringify({ s: '\u0000raw-', t: 2 }));
  });

  test('a large value lets timers run while it is written', async () => {
    const big = { list: Array.from({ length: 20_000 }, (_, i) => ({ id: i, text: 'x'.repeat(500) })) };
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    try {
      const text = await written(big);
      expect(text).toBe(JSON.stringify(big));
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });
});

describe('answers sent in slices', () => {
  test('a request whose answer is written in slices is no longer light: its own slices never wait for it', async () => {
    const express = (await import('express')).default;
    const { sendJson } = await import('../../src/http/json-slices');
    const { lightRequestMarks } = await import('../../src/http/light-requests');
    const { lightRequests } = await import('../../src/domain/runtime');
    const app = express();
    let lightWhileWritten: boolean | undefined;
    const large = { text: 'x'.repeat(2_000_000) };
    app.use(lightRequestMarks);
    app.get('/large', async (_req, res) => {
      const sent = sendJson(res, large, { heavy: true });
      lightWhileWritten = lightRequests.inFlight();
      await sent;
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as { port: number };
      const response = await fetch(`http://127.0.0.1:${port}/large`);
      expect(await response.text()).toBe(JSON.stringify(large));
      expect(lightWhileWritten).toBe(false);
    } finally {
      server.close();
    }
  });

  test('a large answer, with characters outside the BMP across every slice boundary, arrives whole with its length', async () => {
    const express = (await import('express')).default;
    const { sendJson, sendText } = await import('../../src/http/json-slices');
    const { RawJson, JsonList } = await import('../../src/http/json-slices');
    const value = { text: '😀'.repeat(200_000), list: Array.from({ length: 3000 }, (_, i) => ({ i, s: 'é'.repeat(i % 50) })) };
    const app = express();
    app.get('/json', (_req, res) => void sendJson(res, value, { heavy: true }));
    app.get(
      '/light',
      (_req, res) =>
        void sendJson(
          res,
          { data: new RawJson('{"raw":[1,"\\u0000"]}'), list: new JsonList([1, 2], (n: number) => n * 3) },
          { heavy: false },
        ),
    );
    app.post('/text', (_req, res) => void sendText(res, JSON.stringify(value)));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    try {
      for (const [method, path] of [
        ['GET', '/json'],
        ['POST', '/text'],
      ]) {
        const response = await fetch(`http://127.0.0.1:${port}${path}`, { method });
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
        expect(bytes.toString('utf8')).toBe(JSON.stringify(value));
      }
      const light = await fetch(`http://127.0.0.1:${port}/light`);
      expect(await light.text()).toBe('{"data":{"raw":[1,"\\u0000"]},"list":[3,6]}');
      const first = await fetch(`http://127.0.0.1:${port}/json`);
      await first.arrayBuffer();
      const again = await fetch(`http://127.0.0.1:${port}/json`, {
        headers: { 'if-none-match': first.headers.get('etag')!, 'cache-control': 'max-age=0' },
      });
      expect(again.status).toBe(304);
    } finally {
      server.close();
    }
  });
});
