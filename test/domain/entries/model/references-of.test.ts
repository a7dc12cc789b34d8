import { referencesOf } from '../../../../src/domain/entries/model/references-of';

const HEAD = '01a1fcbd-04c0-72ff-a05d-e50025768049';
const DOC = '01a1fcbd-04c0-72ff-a05d-e5002576804a';
const A = '01a1fcbd-04c0-72ff-a05d-e5002576804b';
const B = '01a1fcbd-04c0-72ff-a05d-e5002576804c';

const envelope = (doc: Record<string, unknown>) =>
  ({ head: { uuid: HEAD, dig: { alg: 'sha256', val: 'x' } }, doc: { $schema: 'x', ...doc } }) as any;

describe('referencesOf', () => {
  test.each([
    ['a document with its own uuid', { uuid: DOC }, undefined, [{ uuid: DOC, context: 'uuid' }]],
    [
      'preceding documents, each once, upper case folded',
      { preceding: [{ uuid: A }, { uuid: A.toUpperCase() }, { uuid: B }] },
      undefined,
      [
        { uuid: A, context: 'preceding' },
        { uuid: B, context: 'preceding' },
      ],
    ],
    ['a payment line', { lines: [{ document: { uuid: A } }, { document: {} }, {}] }, undefined, [{ uuid: A, context: 'lines.document' }]],
    ['the entry it was made from', {}, A, [{ uuid: A, context: 'previous' }]],
    [
      "never the envelope's own uuid, nothing that is not a UUID",
      { uuid: HEAD, preceding: [{ uuid: 'x' }, 'y', null, { code: '1' }], lines: 'no' },
      undefined,
      [],
    ],
  ])('%s', (_name, doc, previous, expected) => {
    expect(referencesOf(envelope(doc), previous)).toEqual(expected);
  });

  test('no envelope names nothing', () => {
    expect(referencesOf(undefined)).toEqual([]);
    expect(referencesOf({} as any)).toEqual([]);
  });
});
