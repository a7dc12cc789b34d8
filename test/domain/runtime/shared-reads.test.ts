import { SharedReads } from '../../../src/domain/runtime';

/**
 * Reads with one key share one query, while it runs and for `keepMs` after its answer, within bounds of count and
 * weight; a failed query is never shared after it fails. (It serves the event feed's followers and each event's
 * GraphQL result among subscribers.)
 */
describe('SharedReads', () => {
  let now = 0;
  const clock = () => now;
  const counting = () => {
    let runs = 0;
    return { load: async () => ++runs, runs: () => runs };
  };

  beforeEach(() => {
    now = 1_000;
  });

  test('the same key within a second of its answer runs once; after it, again', async () => {
    const shared = new SharedReads<number>({ keepMs: 1_000, maxEntries: 2_000, clock });
    const { load, runs } = counting();
    const answers = await Promise.all(Array.from({ length: 100 }, () => shared.read('k', load)));
    expect(runs()).toBe(1);
    expect(new Set(answers).size).toBe(1);
    now = 1_999;
    await shared.read('k', load);
    expect(runs()).toBe(1);
    now = 2_000;
    await shared.read('k', load);
    expect(runs()).toBe(2);
    await shared.read('other', load);
    expect(runs()).toBe(3);
  });

  test('without keepMs an answer is shared only while its query runs', async () => {
    const shared = new SharedReads<number>({ keepMs: 0, maxEntries: 10, clock });
    const { load, runs } = counting();
    await Promise.all([shared.read('k', load), shared.read('k', load)]);
    expect(runs()).toBe(1);
    await shared.read('k', load);
    expect(runs()).toBe(2);
  });

  test('a failed query is not shared with later readers', async () => {
    const shared = new SharedReads<number>({ keepMs: 1_000, maxEntries: 10, clock });
    await expect(shared.read('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await new Promise((resolve) => setImmediate(resolve));
    const { load, runs } = counting();
    await shared.read('k', load);
    expect(runs()).toBe(1);
  });

  test('it keeps at most maxEntries answers, the oldest going first', async () => {
    const shared = new SharedReads<number>({ keepMs: 1_000, maxEntries: 2_000, clock });
    const { load, runs } = counting();
    for (let i = 0; i < 2_500; i++) await shared.read(`k${i}`, load);
    await shared.read('k0', load); // the oldest went
    expect(runs()).toBe(2_501);
    expect((shared as unknown as { kept: Map<string, unknown> }).kept.size).toBeLessThanOrEqual(2_000);
  });

  test('it keeps at most maxWeight of answers', async () => {
    const shared = new SharedReads<number[]>({
      keepMs: 1_000,
      maxEntries: 100,
      weigh: (answer) => (answer as number[]).length,
      maxWeight: 10,
      clock,
    });
    for (let i = 0; i < 5; i++) await shared.read(`k${i}`, async () => [1, 2, 3, 4]);
    const kept = (shared as unknown as { kept: Map<string, unknown> }).kept;
    expect(kept.size).toBe(2); // 8 of the 10 allowed
    expect([...kept.keys()]).toEqual(['k3', 'k4']);
  });
});
