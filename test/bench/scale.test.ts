import { scaleReport, scaleStages, scaleTargets, type ScaleResult, type ScaleStage } from '../../bench/scale';
import { summarize } from '../../bench/stats';

test('the sizes measured: 10,000, each power of ten on the way, then the count', () => {
  expect(scaleStages(10_000)).toEqual([10_000]);
  expect(scaleStages(10_000_000)).toEqual([10_000, 100_000, 1_000_000, 10_000_000]);
  expect(scaleStages(250_000)).toEqual([10_000, 100_000, 250_000]);
});

function stage(entries: number, p99: Record<string, number>, databaseBytes: number): ScaleStage {
  return {
    entries,
    seed: { added: entries, seconds: 1, perSecond: 12_000 },
    storage: { entries, envelopeBytes: 1000 * entries, databaseBytes, tables: {} },
    cases: Object.entries(p99).map(([id, ms]) => ({ id, title: id, rps: 1, errors: 0, latency: summarize([ms]) })),
    peakRssMb: 100,
  };
}

test('targets: latencies of the largest size, create against the smallest, storage per entry', () => {
  const fast = {
    'list-first': 5,
    'list-deep': 6,
    'search-code': 10,
    'search-key': 10,
    'search-tax-id': 10,
    'search-customer': 100,
    'search-common': 200,
    create: 10,
  };
  const result: ScaleResult = {
    connections: 2,
    seconds: 1,
    stages: [stage(10_000, fast, 14_000_000), stage(1_000_000, { ...fast, 'search-customer': 400, create: 16 }, 1_400_000_000)],
  };
  const verdicts = Object.fromEntries(scaleTargets(result).map((t) => [t.target.split(' ')[0], t.met]));
  expect(verdicts).toMatchObject({
    'list-first': true,
    'search-customer': false,
    'search-common': true,
    create: false,
    storage: true,
    seed: true,
  });
});

test('a report written on the way to the count says how far it got; the finished one does not', () => {
  const times = { 'list-first': 5, create: 10 };
  const result: ScaleResult = {
    connections: 2,
    seconds: 1,
    stages: [stage(10_000, times, 14_000_000), stage(100_000, times, 140_000_000)],
  };
  const partial = scaleReport(result, 'SQLite', 10_000_000);
  expect(partial).toContain('Measured to 100,000 of the 10,000,000 entries asked for so far.');
  expect(partial).toContain('| 100,000 | 12000 | 1.40 | 100 | 5.0 (5.0) | 10.0 (10.0) |');
  expect(scaleReport(result, 'SQLite', 100_000)).not.toContain('so far');
});
