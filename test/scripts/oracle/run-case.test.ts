import { runCase, type Reference } from '../../../scripts/conformance-oracle';
import { generateCase } from '../../../scripts/oracle/generate';
import { sameAnswer, type Outcome } from '../../../scripts/oracle/outcome';
import type { JsonObject } from '../../../src/document/base/types';

/** A reference that answers from a list, one line per question, and counts its restarts. */
function scripted(answers: JsonObject[]): Reference & { asked: number; restarts: number } {
  const ref = {
    asked: 0,
    restarts: 0,
    ask: async () => answers[Math.min(ref.asked++, answers.length - 1)],
    restart: () => {
      ref.restarts++;
    },
  };
  return ref;
}

const c = generateCase('run-case', 1);
const crash = (message: string): Outcome => ({ kind: 'crashed', message });

describe('sameAnswer', () => {
  test('two panics with one message are one answer; with different messages, or a panic and a refusal, they are not', () => {
    expect(sameAnswer(crash('nil pointer'), crash('nil pointer'))).toBe(true);
    expect(sameAnswer(crash('nil pointer'), crash('index out of range'))).toBe(false);
    expect(sameAnswer(crash('x'), { kind: 'refused', key: 'validation', faults: [], message: 'x' })).toBe(false);
    expect(
      sameAnswer(
        { kind: 'refused', key: 'validation', faults: [{ code: 'A', path: '$.a' }], message: 'one' },
        { kind: 'refused', key: 'validation', faults: [{ code: 'A', path: '$.a' }], message: 'two' },
      ),
    ).toBe(true);
  });
});

describe('runCase', () => {
  test('a reference that panics alike on a fresh process is stable', async () => {
    const ref = scripted([{ panic: 'runtime error: invalid memory address or nil pointer dereference' }]);
    const r = await runCase(c, ref);
    expect(ref.asked).toBe(2);
    expect(ref.restarts).toBe(1);
    expect(r.unstable).toBe(false);
    expect(r.comparison.kinds).toContain('gobl panics');
  });

  test('a panic the fresh process does not repeat is unstable, and the fresh answer counts', async () => {
    const ref = scripted([{ panic: 'boom' }, { panic: 'another' }]);
    const r = await runCase(c, ref);
    expect(r.unstable).toBe(true);
    expect(r.gobl).toEqual(crash('another'));
  });
});
