import { processDocument } from '../../../src/document';
import { codeFaults, keyFaults, normalizeCode } from '../../../src/document/cbc/code';
import type { JsonObject } from '../../../src/document/base/types';
import { invoice as spanishInvoice } from '../../helpers/documents';

describe('normalizeCode', () => {
  test.each([
    ['B-123', 'B-123'],
    ['  F 1  ', 'F 1'],
    ['A\u0001B', 'AB'],
    ['A\u00a0B', 'AB'], // a space Go does not count as printable
    ['\tX\n', 'X'],
    ['Cafe\u0301', 'Café'], // NFC
    ['', ''],
  ])('%j becomes %j', (given, clean) => {
    expect(normalizeCode(given)).toBe(clean);
  });
});

describe('code and key checks', () => {
  test.each([
    ['F-1', []],
    ['', []],
    ['A'.repeat(64), []],
    ['A'.repeat(65), ['GOBL-CBC-CODE-01']],
    [' A', ['GOBL-CBC-CODE-02']],
    ['A\u0007', ['GOBL-CBC-CODE-02']],
    ['é'.repeat(64), []], // characters, not bytes
  ])('code %j: %j', (code, faults) => {
    expect(codeFaults(code, '$.x').map((f) => f.code)).toEqual(faults);
  });

  test.each([
    ['goods', []],
    ['reverse-charge+eu', []],
    ['Goods!', ['GOBL-CBC-KEY-02']],
    ['-a', ['GOBL-CBC-KEY-02']],
    ['a'.repeat(65), ['GOBL-CBC-KEY-01']],
    ['', []],
  ])('key %j: %j', (key, faults) => {
    expect(keyFaults(key, '$.x').map((f) => f.code)).toEqual(faults);
  });
});

/** Each case checked against GOBL v0.502.1: every code of a document is cleaned, and every code and key is checked. */
describe('in a document', () => {
  const ctx = { newUuid: () => '0190a5f2-7c3e-7000-8000-000000000001', now: new Date('2025-03-01T10:00:00Z') };
  const invoice = (edit: (d: JsonObject) => void): JsonObject => {
    const d = spanishInvoice() as JsonObject;
    edit(d);
    return d;
  };
  const run = (doc: JsonObject) => {
    const r = processDocument(doc, ctx);
    if (!r.ok) throw new Error(r.message);
    return { doc: r.envelope.doc as JsonObject, faults: r.faults.map((f) => [f.code, ...(f.paths ?? [])]) };
  };

  test('a control character in an item reference is dropped', () => {
    const { doc, faults } = run(
      invoice((d) => {
        ((d.lines as JsonObject[])[0].item as JsonObject).ref = 'A\u0001B';
      }),
    );
    expect(faults).toEqual([]);
    expect(((doc.lines as JsonObject[])[0].item as JsonObject).ref).toBe('AB');
  });

  test('codes over 64 characters are refused where they stand', () => {
    expect(
      run(
        invoice((d) => {
          d.code = '1'.repeat(70);
        }),
      ).faults,
    ).toEqual([['GOBL-CBC-CODE-01', '$.doc.code']]);
    expect(
      run(
        invoice((d) => {
          (d.customer as JsonObject).identities = [{ code: 'Z'.repeat(80) }];
        }),
      ).faults,
    ).toEqual([['GOBL-CBC-CODE-01', '$.doc.customer.identities[0].code']]);
  });

  test('a key off the pattern is refused, beside the rules of its own field', () => {
    expect(
      run(
        invoice((d) => {
          ((d.lines as JsonObject[])[0].item as JsonObject).key = 'Goods!';
        }),
      ).faults,
    ).toEqual([['GOBL-CBC-KEY-02', '$.doc.lines[0].item.key']]);
    expect(
      run(
        invoice((d) => {
          d.notes = [{ key: 'General', text: 'x' }];
        }),
      ).faults,
    ).toEqual(
      expect.arrayContaining([
        ['GOBL-CBC-KEY-02', '$.doc.notes[0].key'],
        ['GOBL-ORG-NOTE-02', '$.doc.notes[0].key'],
      ]),
    );
  });
});
