import { processDocument } from '../../../src/document';
import { canonicalJson, sha256Hex } from '../../../src/document/base/c14n';
import type { JsonObject } from '../../../src/document/base/types';

let counter = 0;
const ctx = {
  newUuid: () => `0190f0b8-0000-7000-8000-${String(++counter).padStart(12, '0')}`,
  now: new Date('2024-03-10T10:00:00Z'),
};

const doc = (): JsonObject => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  uuid: '0190f0b8-0000-7000-8000-000000000001',
  currency: 'EUR',
  issue_date: '2024-03-10',
  code: 'T-1',
  supplier: { name: 'S', tax_id: { country: 'DE', code: '111111125' } },
  lines: [{ quantity: 1, item: { name: 'A', price: '10' }, taxes: [{ cat: 'VAT', rate: 'standard' }] }],
});

describe('envelope and header', () => {
  test('a bare document is wrapped, its digest taken over the calculated document', () => {
    const r = processDocument(doc(), ctx);
    if (!r.ok) throw new Error(r.message);
    expect(r.envelope.$schema).toBe('https://gobl.org/draft-0/envelope');
    expect(r.envelope.head.uuid).toMatch(/^0190f0b8-/);
    expect(r.envelope.head.dig).toEqual({ alg: 'sha256', val: sha256Hex(canonicalJson(r.envelope.doc)) });
    expect(r.envelope.doc).toMatchObject({ $regime: 'DE', type: 'standard', totals: { payable: '11.90' } });
  });

  test('uploaded header fields are kept; a stale digest is replaced', () => {
    const head = {
      uuid: '0190f0b8-0000-7000-8000-0000000000aa',
      dig: { alg: 'sha256', val: 'stale' },
      stamps: [{ prv: 'x', val: 'y' }],
      links: [{ key: 'pdf', url: 'https://example.com/a.pdf' }],
      tags: ['t'],
      meta: { source: 'erp' },
      notes: 'hello',
    };
    const r = processDocument({ $schema: 'https://gobl.org/draft-0/envelope', head, doc: doc() }, ctx);
    if (!r.ok) throw new Error(r.message);
    const { dig, ...rest } = r.envelope.head;
    const { dig: _stale, ...uploaded } = head;
    expect(rest).toEqual(uploaded);
    expect(dig.val).not.toBe('stale');
    expect(Object.keys(r.envelope.head)).toEqual(['uuid', 'dig', 'stamps', 'links', 'tags', 'meta', 'notes']);
  });

  test.each([
    ['a missing', undefined],
    ['an all-zero', '00000000-0000-0000-0000-000000000000'],
    ['an empty', ''],
  ])('%s document UUID gets a new one from the context', (_name, uuid) => {
    const d = doc();
    if (uuid === undefined) delete d.uuid;
    else d.uuid = uuid;
    const r = processDocument(d, ctx);
    expect(r.ok && r.envelope.doc.uuid).toMatch(/^0190f0b8-0000-7000-8000-/);
    expect(r.ok && r.envelope.doc.uuid).not.toBe(uuid);
  });

  test('an all-zero UUID on a party is dropped, as GOBL normalizes parties', () => {
    const d = doc();
    d.customer = { uuid: '00000000-0000-0000-0000-000000000000', name: 'C' };
    const r = processDocument(d, ctx);
    expect(r.ok && r.envelope.doc.customer).toEqual({ name: 'C' });
  });

  test('empty values and unknown fields are dropped, empty structures kept as GOBL keeps them', () => {
    const d = doc();
    Object.assign(d, { notes: [], series: '', tax: {}, misspelt: 'x' });
    (d.supplier as JsonObject).emails = [];
    const r = processDocument(d, ctx);
    if (!r.ok) throw new Error(r.message);
    expect(r.envelope.doc).not.toHaveProperty('notes');
    expect(r.envelope.doc).not.toHaveProperty('series');
    expect(r.envelope.doc).not.toHaveProperty('misspelt');
    expect(r.envelope.doc.tax).toEqual({});
    expect(r.envelope.doc.supplier).not.toHaveProperty('emails');
  });

  test.each([
    ['not an object', { head: {}, doc: 5 }, 'unknown-schema'],
    ['unknown schema', { $schema: 'https://example.com/x' }, 'unknown-schema'],
    ['bad amount', { ...doc(), lines: [{ quantity: '1.2.3', item: { name: 'A', price: '1' } }] }, 'input'],
    ['unknown tag', { ...doc(), $tags: ['nonsense'] }, 'calculation'],
  ])('rejects %s', (_name, input, error) => {
    expect(processDocument(input as JsonObject, ctx)).toMatchObject({ ok: false, error });
  });

  test('same input, same output: processing is deterministic', () => {
    const fixed = { newUuid: () => '0190f0b8-0000-7000-8000-0000000000ff', now: ctx.now };
    const d = doc();
    delete d.uuid;
    expect(processDocument(d, fixed)).toEqual(processDocument(d, fixed));
  });
});
