import { PassThrough } from 'node:stream';
import { progressOf } from '../../src/cli/progress';

/** A stream that keeps what is written to it, a terminal or not. */
function captured(terminal: boolean) {
  const stream = new PassThrough() as PassThrough & NodeJS.WriteStream;
  let text = '';
  stream.on('data', (chunk) => (text += String(chunk)));
  Object.assign(stream, { isTTY: terminal, columns: 100, cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
  return { stream, text: () => text };
}

describe('progress off a terminal: lines with the count and the rate', () => {
  test('a line per interval, and one at the end', async () => {
    const out = captured(false);
    const progress = progressOf({ what: 'importing', unit: 'lines', stream: out.stream, everyMs: 0, terminal: false });
    progress.add(1500);
    progress.add(500);
    progress.stop();
    const lines = out.text().trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^importing: 1,500 lines, [\d,]+\/s$/);
    expect(lines[2]).toMatch(/^importing: 2,000 lines, [\d,]+\/s$/);
  });

  test('with a total, "N of TOTAL"', () => {
    const out = captured(false);
    const progress = progressOf({ what: 'seeding', unit: 'entries', total: 20_000, stream: out.stream, everyMs: 0, terminal: false });
    progress.set(12_000);
    expect(out.text()).toMatch(/^seeding: 12,000 of 20,000 entries, [\d,]+\/s\n$/);
  });

  test('at most one line per interval; a run shorter than one interval writes nothing', () => {
    const out = captured(false);
    const progress = progressOf({ what: 'exporting', unit: 'entries', stream: out.stream, everyMs: 60_000, terminal: false });
    for (let i = 0; i < 10_000; i++) progress.add(1);
    progress.stop();
    expect(out.text()).toBe('');
  });
});

test('on a terminal, a bar with the count, the total and the rate', () => {
  const out = captured(true);
  const progress = progressOf({ what: 'seeding', unit: 'entries', total: 100, stream: out.stream, terminal: true });
  progress.set(40);
  progress.stop();
  expect(out.text()).toMatch(/seeding \[[█░]+\] 40\/100 entries \| [\d,]+\/s/);
});
