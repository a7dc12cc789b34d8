import type { ExecutionResult } from 'graphql';
import { SharedResults } from '../../src/graphql/shared-results';

/** Subscribers of one document share the execution of each event's result, for a second, within a bound. */
describe('SharedResults', () => {
  const counting = () => {
    let runs = 0;
    return { execute: async (): Promise<ExecutionResult> => ({ data: { n: ++runs } }), runs: () => runs };
  };

  test('the same key within a second runs once; after it, again', async () => {
    const shared = new SharedResults();
    const { execute, runs } = counting();
    const answers = await Promise.all(Array.from({ length: 100 }, () => shared.run('k', execute, 1_000)));
    expect(runs()).toBe(1);
    expect(new Set(answers.map((answer) => answer.data!.n)).size).toBe(1);
    await shared.run('k', execute, 1_999);
    expect(runs()).toBe(1);
    await shared.run('k', execute, 2_000);
    expect(runs()).toBe(2);
    await shared.run('other', execute, 2_000);
    expect(runs()).toBe(3);
  });

  test('a failed execution is not shared with later askers', async () => {
    const shared = new SharedResults();
    await expect(shared.run('k', () => Promise.reject(new Error('boom')), 0)).rejects.toThrow('boom');
    await new Promise((resolve) => setImmediate(resolve));
    const { execute, runs } = counting();
    await shared.run('k', execute, 10);
    expect(runs()).toBe(1);
  });

  test('it keeps at most 2,000 results', async () => {
    const shared = new SharedResults();
    const { execute, runs } = counting();
    for (let i = 0; i < 2_500; i++) await shared.run(`k${i}`, execute, 0);
    await shared.run('k0', execute, 0); // the oldest went
    expect(runs()).toBe(2_501);
    expect((shared as unknown as { results: Map<string, unknown> }).results.size).toBeLessThanOrEqual(2_000);
  });
});
