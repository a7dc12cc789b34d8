import * as path from 'node:path';
import { compareOutcomes, ignoredPaths } from '../../../scripts/oracle/compare';
import { generateCases } from '../../../scripts/oracle/generate';
import { OracleProcess } from '../../../scripts/oracle/oracle-process';
import { goblOutcome } from '../../../scripts/oracle/outcome';
import { runOurEngine } from '../../../scripts/oracle/our-engine';

const root = path.join(__dirname, '..', '..', '..');
const standIn = () =>
  new OracleProcess({
    command: process.execPath,
    args: ['--require', path.join(root, 'scripts', 'register-ts.js'), path.join(__dirname, 'stand-in-oracle.ts')],
    timeoutMs: 60000,
  });

describe('the reference process (our engine standing in for GOBL)', () => {
  const oracle = standIn();
  afterAll(() => oracle.stop());

  test('answers one line per document, equal to our engine', async () => {
    for (const c of generateCases({ seed: 'process', count: 25 })) {
      const gobl = goblOutcome(await oracle.ask(c.input));
      expect(compareOutcomes(runOurEngine(c.input), gobl, ignoredPaths(c.input))).toMatchObject({ equal: true });
    }
    expect(oracle.starts).toBe(1);
  });

  test('a process that dies is a panic, and the next question starts a new one', async () => {
    const died = await oracle.ask({ $schema: 'https://gobl.org/draft-0/note/message', code: 'exit-now', content: 'x' });
    expect(died.panic).toMatch(/exited/);
    const next = await oracle.ask({ $schema: 'https://gobl.org/draft-0/note/message', content: 'hello' });
    expect(next.envelope).toBeDefined();
    expect(oracle.starts).toBe(2);
  });

  test('input that is not an object is refused, and restart() gives a fresh process', async () => {
    expect((await oracle.ask([1, 2])).error).toEqual({ key: 'input' });
    const before = oracle.starts;
    oracle.restart();
    expect((await oracle.ask({ $schema: 'https://gobl.org/draft-0/note/message', content: 'x' })).envelope).toBeDefined();
    expect(oracle.starts).toBe(before + 1);
  });
});
