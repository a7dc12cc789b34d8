import { compareOutcomes, ignoredPaths, segmentOf, valueDifferences } from '../../../scripts/oracle/compare';
import { goblOutcome, type Outcome } from '../../../scripts/oracle/outcome';
import type { JsonObject } from '../../../src/document/base/types';

const env = (
  doc: JsonObject,
  head: JsonObject = { uuid: '0190aaaa-0000-7000-8000-000000000001', dig: { alg: 'sha256', val: 'abc' } },
): JsonObject => ({
  $schema: 'https://gobl.org/draft-0/envelope',
  head,
  doc,
});
const accepted = (envelope: JsonObject): Outcome => ({ kind: 'envelope', envelope });
const refused = (key: string, faults: [string, string][]): Outcome => ({
  kind: 'refused',
  key,
  message: '',
  faults: faults.map(([code, path]) => ({ code, path })),
});

describe('valueDifferences', () => {
  test('lists every differing path with both values, key order aside', () => {
    const ours = { a: '1.00', b: { c: [1, 2], d: 'x' } };
    const gobl = { b: { d: 'x', c: [1, 3, 4] }, a: '1.0', e: true };
    expect(valueDifferences(ours, gobl)).toEqual([
      { path: '$.a', ours: '1.00', gobl: '1.0' },
      { path: '$.b.c[1]', ours: 2, gobl: 3 },
      { path: '$.b.c[2]', ours: undefined, gobl: 4 },
      { path: '$.e', ours: undefined, gobl: true },
    ]);
  });

  test('equal values have no differences', () => {
    expect(valueDifferences({ x: [{ y: 'z' }] }, { x: [{ y: 'z' }] })).toEqual([]);
  });
});

describe('ignoredPaths', () => {
  test('a bare document with its uuid and date: only the header uuid is made up', () => {
    expect(
      ignoredPaths({ $schema: 'https://gobl.org/draft-0/bill/invoice', uuid: 'u', issue_date: '2024-01-01', issue_time: '10:00:00' }),
    ).toEqual({ uuids: ['$.head.uuid'], skip: [] });
  });

  test('an issue time the input lacks is compared as a clock reading, and the digest goes with it', () => {
    const ignore = ignoredPaths({ $schema: 'https://gobl.org/draft-0/bill/invoice', uuid: 'u', issue_date: '2024-01-01' });
    expect(ignore.clock).toEqual(['$.doc.issue_time']);
    const at = (time: string | undefined, dig: string) =>
      ({ head: { dig: { val: dig } }, doc: { ...(time === undefined ? {} : { issue_time: time }), code: 'A' } }) as JsonObject;
    const paths = (a: JsonObject, b: JsonObject) => valueDifferences(a, b, ignore).map((d) => d.path);
    expect(paths(at('06:52:46', 'x'), at('06:52:47', 'y'))).toEqual([]);
    expect(paths(at('23:59:59', 'x'), at('00:00:01', 'y'))).toEqual([]);
    expect(paths(at('06:52:46', 'x'), at('07:52:46', 'y'))).toEqual(['$.head.dig.val', '$.doc.issue_time']);
    expect(paths(at(undefined, 'x'), at('06:52:46', 'y'))).toEqual(['$.head.dig.val', '$.doc.issue_time']);
    expect(paths(at('06:52:46', 'x'), at('06:52:46', 'y'))).toEqual(['$.head.dig.val']);
  });

  test('a document without uuid or date: those and the digest are not compared', () => {
    const ignore = ignoredPaths({ $schema: 'https://gobl.org/draft-0/bill/invoice' });
    expect(ignore.uuids).toEqual(['$.head.uuid', '$.doc.uuid']);
    expect(ignore.skip).toEqual(expect.arrayContaining(['$.head.dig', '$.doc.issue_date']));
  });

  test('an envelope with a header uuid: that uuid is compared', () => {
    const input = env({ $schema: 'https://gobl.org/draft-0/note/message', uuid: 'u' });
    expect(ignoredPaths(input).uuids).toEqual([]);
  });

  test('a made-up uuid must still be a UUID on both sides', () => {
    const ours = env({ uuid: '0190aaaa-0000-7000-8000-000000000002' });
    const gobl = env({ uuid: 'nonsense' });
    expect(valueDifferences(ours, gobl, { uuids: ['$.doc.uuid'], skip: [] }).map((d) => d.path)).toEqual(['$.doc.uuid']);
  });
});

describe('compareOutcomes', () => {
  test('equal envelopes are equal', () => {
    const e = env({ $schema: 'x', totals: { sum: '10.00' } });
    expect(compareOutcomes(accepted(e), accepted(structuredClone(e)))).toMatchObject({ equal: true, kinds: [] });
  });

  test('envelopes that differ are grouped by where', () => {
    const c = compareOutcomes(
      accepted(env({ totals: { sum: '10.00' }, lines: [{ sum: '1' }] })),
      accepted(env({ totals: { sum: '10.01' }, lines: [{ sum: '2' }] })),
    );
    expect(c.equal).toBe(false);
    expect(c.kinds).toEqual(['envelope doc.totals', 'envelope doc.lines']);
    expect(c.values[0]).toEqual({ path: '$.doc.totals.sum', ours: '10.00', gobl: '10.01' });
  });

  test('faults are compared as sets of code and path', () => {
    const ours = refused('validation', [
      ['GOBL-A', '$.doc.x'],
      ['GOBL-B', '$.doc.y'],
      ['GOBL-C', '$.doc.z'],
    ]);
    const gobl = refused('validation', [
      ['GOBL-B', '$.doc.y'],
      ['GOBL-A', '$.doc.x'],
      ['GOBL-C', '$.doc.w'],
      ['GOBL-D', '$.doc'],
    ]);
    const c = compareOutcomes(ours, gobl);
    expect(c.kinds).toEqual(['fault paths differ: GOBL-C', 'only gobl finds: GOBL-D']);
    expect(c.onlyOurs).toEqual([{ code: 'GOBL-C', path: '$.doc.z' }]);
    expect(
      compareOutcomes(
        ours,
        refused('validation', [
          ['GOBL-C', '$.doc.z'],
          ['GOBL-B', '$.doc.y'],
          ['GOBL-A', '$.doc.x'],
        ]),
      ).equal,
    ).toBe(true);
  });

  test('one accepting while the other refuses is a difference', () => {
    const e = accepted(env({}));
    expect(compareOutcomes(e, refused('validation', [['GOBL-X', '$.doc.a']])).kinds).toEqual(['gobl refuses, we accept: GOBL-X']);
    expect(compareOutcomes(refused('calculation', []), e).kinds).toEqual(['we refuse, gobl accepts: calculation']);
    expect(compareOutcomes(refused('validation', []), refused('input', [])).kinds).toEqual(['error key: ours validation, gobl input']);
  });

  test('a panic of the reference is a difference of its own', () => {
    expect(compareOutcomes(accepted(env({})), { kind: 'crashed', message: 'boom' }).kinds).toEqual(['gobl panics']);
  });
});

describe('goblOutcome', () => {
  test('reads the four kinds of protocol line', () => {
    expect(goblOutcome({ envelope: { doc: {} } }).kind).toBe('envelope');
    expect(goblOutcome({ panic: 'nil map' })).toEqual({ kind: 'crashed', message: 'nil map' });
    expect(goblOutcome({ bad_input: 'empty line' }).kind).toBe('bad-input');
    expect(
      goblOutcome({
        error: {
          key: 'validation',
          faults: [
            { code: 'GOBL-X', paths: ['$.doc.a', '$.doc.b'], message: 'm' },
            { code: 'GOBL-Y', message: 'n' },
          ],
        },
        message: 'validation: ...',
      }),
    ).toEqual({
      kind: 'refused',
      key: 'validation',
      message: 'validation: ...',
      faults: [
        { code: 'GOBL-X', path: '$.doc.a' },
        { code: 'GOBL-X', path: '$.doc.b' },
        { code: 'GOBL-Y', path: '' },
      ],
    });
  });
});

test('segmentOf names the part of the envelope', () => {
  expect(segmentOf('$.doc.lines[3].taxes[0].percent')).toBe('doc.lines');
  expect(segmentOf('$.head.dig.val')).toBe('head.dig');
  expect(segmentOf('$')).toBe('$');
});
