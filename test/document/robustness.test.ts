import fc from 'fast-check';
import { processDocument } from '../../src/document';
import type { Json, JsonObject } from '../../src/document/base/types';

const ctx = { newUuid: () => '0190f0b8-0000-7000-8000-00000000ffff', now: new Date('2024-03-10T10:00:00Z') };

function base(): JsonObject {
  return {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    currency: 'EUR',
    issue_date: '2024-03-10',
    supplier: { name: 'S', tax_id: { country: 'ES', code: 'B98602642' } },
    customer: { name: 'C' },
    lines: [
      { quantity: '2', item: { name: 'A', price: '10.00' }, discounts: [{ percent: '5%' }], taxes: [{ cat: 'VAT', rate: 'standard' }] },
    ],
    discounts: [{ amount: '1.00', taxes: [{ cat: 'VAT', rate: 'standard' }] }],
    payment: { terms: { due_dates: [{ date: '2024-04-01', percent: '100%' }] }, advances: [{ amount: '1' }] },
  };
}

/** Paths of the places a value is swapped in. */
const PATHS: (string | number)[][] = [
  ['currency'],
  ['issue_date'],
  ['lines'],
  ['lines', 0],
  ['lines', 0, 'quantity'],
  ['lines', 0, 'item'],
  ['lines', 0, 'item', 'price'],
  ['lines', 0, 'item', 'currency'],
  ['lines', 0, 'discounts'],
  ['lines', 0, 'discounts', 0, 'percent'],
  ['lines', 0, 'taxes'],
  ['lines', 0, 'taxes', 0],
  ['lines', 0, 'taxes', 0, 'percent'],
  ['lines', 0, 'taxes', 0, 'rate'],
  ['discounts'],
  ['discounts', 0, 'amount'],
  ['payment'],
  ['payment', 'terms', 'due_dates', 0, 'percent'],
  ['payment', 'advances', 0, 'amount'],
  ['supplier'],
  ['supplier', 'tax_id'],
  ['tax'],
  ['totals'],
  ['$regime'],
  ['$tags'],
  ['$addons'],
];

function set(doc: JsonObject, path: (string | number)[], value: Json): void {
  let node: Json = doc;
  for (const step of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return;
    node = (node as Record<string | number, Json>)[step];
  }
  if (node !== null && typeof node === 'object') (node as Record<string | number, Json>)[path[path.length - 1]] = value;
}

/** Arbitrary JSON plus the texts most likely to trip a number parser. */
const VALUES = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(
    'abc',
    '1.2.3',
    '-',
    '',
    '%',
    '10%%',
    '1e5',
    'NaN',
    ' 5',
    '99999999999999999999',
    '0.0000000000000000000001',
    '-0',
    '.5',
    '5.',
    'standard',
    'XXX',
    'VAT',
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

describe('robustness', () => {
  test('any value anywhere gives a result or a rejection, never an exception', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PATHS), VALUES, (path, value) => {
        const doc = base();
        set(doc, path, value as Json);
        const r = processDocument(doc, ctx);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 1500 },
    );
  });

  test('the input is left untouched', () => {
    const doc = base();
    const before = JSON.stringify(doc);
    processDocument(doc, ctx);
    expect(JSON.stringify(doc)).toBe(before);
  });
});
