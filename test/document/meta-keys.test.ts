import { processDocument } from '../../src/document';
import type { JsonObject } from '../../src/document/base/types';

let counter = 0;
const ctx = {
  newUuid: () => `0190f0b8-0000-7000-8000-${String(++counter).padStart(12, '0')}`,
  now: new Date('2024-03-10T10:00:00Z'),
};

const party = (extra: JsonObject): JsonObject => ({ $schema: 'https://gobl.org/draft-0/org/party', name: 'P', ...extra });
const faultsOf = (data: JsonObject) => {
  const r = processDocument(data, ctx);
  if (!r.ok) throw new Error(r.message);
  return r.faults.flatMap((f) => f.paths.map((p) => `${f.code} ${p}`));
};

/** GOBL validates the keys of every meta map as keys (GOBL-CBC-KEY-02, at the key); ext keys are not checked. */
describe('meta keys', () => {
  test.each([['x_internal'], ['Upper'], ['with space'], ['-dash'], ['dash-']])('%j is refused', (key) => {
    expect(faultsOf(party({ meta: { [key]: 'v' } }))).toEqual([`GOBL-CBC-KEY-02 $.doc.meta.${key}`]);
  });

  test.each([['a'], ['source-id'], ['x+y'], ['9lives'], ['']])('%j is a key', (key) => {
    expect(faultsOf(party({ meta: { [key]: 'v' } }))).toEqual([]);
  });

  test('nested objects and the envelope head are checked too', () => {
    const data = {
      $schema: 'https://gobl.org/draft-0/envelope',
      head: { meta: { Bad: '1' } },
      doc: party({ addresses: [{ street: 'S', meta: { a_b: '1' } }], people: [{ name: { given: 'G', meta: { Z: '1' } } }] }),
    };
    expect(faultsOf(data).sort()).toEqual([
      'GOBL-CBC-KEY-02 $.doc.addresses[0].meta.a_b',
      'GOBL-CBC-KEY-02 $.doc.people[0].name.meta.Z',
      'GOBL-CBC-KEY-02 $.head.meta.Bad',
    ]);
  });

  test('extension keys are not checked as meta keys', () => {
    expect(faultsOf(party({ ext: { X_bad: 'a' } })).filter((f) => f.startsWith('GOBL-CBC-KEY'))).toEqual([]);
  });
});
