import { boundedLines, OverlongLine } from '../../../src/domain/transfer/import-lines';

/** The import's line reader alone: lines split across chunks, CRLF, a last line without newline, one over the bound. */

async function linesOf(chunks: string[], limit: number): Promise<(string | number)[]> {
  async function* source() {
    for (const chunk of chunks) yield Buffer.from(chunk);
  }
  const out: (string | number)[] = [];
  for await (const line of boundedLines(source(), limit)) out.push(line instanceof OverlongLine ? line.bytes : line);
  return out;
}

test.each([
  [['a\nb', 'c\r\n', 'd'], 10, ['a', 'bc', 'd']],
  [['é\n', '\n'], 10, ['é', '']],
  [['0123456789A', 'BC\nok\n'], 10, [13, 'ok']],
  [['0123', '4567', '89ab\n', 'x'], 10, [12, 'x']],
  [['0123456789\n'], 10, ['0123456789']],
])('%j with a bound of %i bytes reads as %j', async (chunks, limit, expected) => {
  expect(await linesOf(chunks, limit)).toEqual(expected);
});

test('an over-long line never holds more than the bound', async () => {
  const chunk = 'x'.repeat(64 * 1024);
  async function* source() {
    for (let i = 0; i < 100; i++) yield Buffer.from(chunk);
    yield Buffer.from('\nafter\n');
  }
  const lines: (string | OverlongLine)[] = [];
  for await (const line of boundedLines(source(), 1024 * 1024)) lines.push(line);
  expect(lines).toEqual([new OverlongLine(100 * 64 * 1024), 'after']);
});
