import { exampleDoc, withGobl } from '../helpers/golden-examples';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

const INVOICE = 'es/out/invoice-es-es-freelance.json'; // Spanish regime: credit notes, debit notes and correctives

let t: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startServer();
});
beforeEach(async () => {
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

/** Stores a document and returns its entry. */
async function stored(data: object, extra: object = {}) {
  const reply = await api.post('/silo/v1/entries', { data, ...extra });
  expect(reply.status).toBe(200);
  return reply.body;
}

const derive = (previous: { id: string }, body: object) => api.post('/silo/v1/entries', { previous_id: previous.id, ...body });
const count = async () => (await api.get('/silo/v1/entries')).body.list.length;

/** The previous entry is read back unchanged: same digest, same data. */
async function expectUntouched(previous: any) {
  const again = await api.get(`/silo/v1/entries/${previous.id}`);
  expect(again.body.data).toEqual(previous.data);
  expect(again.body.digest).toEqual(previous.digest);
}

describe('previous_id', () => {
  test('an unknown previous entry is 404, and so is one of another workspace', async () => {
    const unknown = await api.post('/silo/v1/entries', { previous_id: '0190c000-0000-7000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.key).toBe('not-found');
    const theirs = await client(t.url, await tokenFor(newWorkspace())).post('/silo/v1/entries', { data: party('Theirs') });
    const reply = await derive(theirs.body, { content_type: 'application/merge-patch+json', data: { doc: { name: 'Mine' } } });
    expect(reply.status).toBe(404);
  });

  test('a patch content type needs data; correct takes none', async () => {
    const previous = await stored(party('P'));
    const noPatch = await derive(previous, { content_type: 'application/json-patch+json' });
    expect(noPatch.status).toBe(400);
    expect(noPatch.body.fields).toEqual({ data: expect.stringContaining('is required') });
    const both = await derive(previous, { correct: { credit: true }, data: party('X') });
    expect(both.status).toBe(400);
    expect(both.body.fields.data).toContain('must be absent');
    const badOptions = await derive(previous, { correct: { credit: 'yes', issue_date: 'soon' } });
    expect(badOptions.status).toBe(400);
    expect(badOptions.body.fields.correct).toEqual({
      credit: expect.any(String),
      issue_date: expect.any(String),
      type: expect.any(String),
    });
  });
});

describe('application/json-patch+json', () => {
  withGobl.test('a patch makes a new, recalculated entry; the previous one is untouched', async () => {
    const previous = await stored(exampleDoc(INVOICE), { key: 'original' });
    const reply = await derive(previous, {
      content_type: 'application/json-patch+json',
      key: 'patched',
      data: [
        { op: 'test', path: '/doc/code', value: 'SAMPLE-001' },
        { op: 'replace', path: '/doc/code', value: 'SAMPLE-002' },
        { op: 'replace', path: '/doc/lines/0/quantity', value: '40' },
      ],
    });
    expect(reply.status).toBe(200);
    const entry = reply.body;
    expect(entry.id).not.toBe(previous.id);
    expect(entry.data.head.uuid).toBe(entry.id);
    expect(entry.key).toBe('patched');
    expect(entry.data.doc.code).toBe('SAMPLE-002');
    const price = Number(previous.data.doc.lines[0].item.price);
    expect(entry.data.doc.lines[0].sum).toBe((40 * price).toFixed(2));
    expect(entry.data.doc.totals.sum).not.toBe(previous.data.doc.totals.sum);
    expect(entry.digest.val).not.toBe(previous.digest.val);
    await expectUntouched(previous);
    expect(await count()).toBe(2);
  });

  test('all six operations in one patch', async () => {
    const previous = await stored({ ...party('Acme'), alias: 'A', emails: [{ addr: 'a@example.com' }] }, { folder: 'old' });
    const reply = await derive(previous, {
      content_type: 'application/json-patch+json',
      data: [
        { op: 'test', path: '/doc/name', value: 'Acme' },
        { op: 'add', path: '/doc/emails/-', value: { addr: 'b@example.com' } },
        { op: 'copy', from: '/doc/emails/0', path: '/doc/emails/-' },
        { op: 'remove', path: '/doc/emails/0' },
        { op: 'move', from: '/doc/alias', path: '/doc/name' },
        { op: 'add', path: '/head/tags', value: ['draft'] },
        { op: 'replace', path: '/head/tags/0', value: 'patched' },
      ],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.doc).toMatchObject({ name: 'A', emails: [{ addr: 'b@example.com' }, { addr: 'a@example.com' }] });
    expect(reply.body.data.doc).not.toHaveProperty('alias');
    expect(reply.body.tags).toEqual(['patched']);
    expect(reply.body.folder).toBe('parties'); // a new entry: the folder comes from the request, not the previous entry
  });

  test.each([
    [
      'a failed test',
      [
        { op: 'replace', path: '/doc/name', value: 'B' },
        { op: 'test', path: '/doc/name', value: 'Acme' },
      ],
      1,
    ],
    ['a missing path', [{ op: 'remove', path: '/doc/nothing' }], 0],
    [
      'a malformed operation',
      [
        { op: 'test', path: '/doc/name', value: 'Acme' },
        { op: 'replace', value: 'no path' },
      ],
      1,
    ],
    ['an unknown op', [{ op: 'upsert', path: '/doc/name', value: 'x' }], 0],
  ])('%s is 422 "patch" naming the operation, and nothing is stored', async (_name, data, index) => {
    const previous = await stored(party('Acme'));
    const reply = await derive(previous, { content_type: 'application/json-patch+json', data });
    expect(reply.status).toBe(422);
    expect(reply.body.key).toBe('patch');
    expect(reply.body.message).toContain(`operation ${index}`);
    expect(reply.body.fields).toEqual({ data: { [String(index)]: expect.any(String) } });
    expect(await count()).toBe(1);
    await expectUntouched(previous);
  });

  test("the previous envelope's uuid, stamps and links are not carried over; what the patch writes is kept", async () => {
    const envelope = {
      $schema: 'https://gobl.org/draft-0/envelope',
      head: {
        uuid: '0190c000-0000-7000-8000-0000000000c1',
        stamps: [{ prv: 'old', val: '1' }],
        links: [{ key: 'pdf', url: 'https://example.com/a.pdf' }],
        tags: ['kept'],
      },
      doc: party('Stamped'),
    };
    const previous = await stored(envelope, { allow_invalid: true });
    const carried = await derive(previous, {
      content_type: 'application/json-patch+json',
      data: [{ op: 'replace', path: '/doc/name', value: 'Next' }],
    });
    expect(carried.status).toBe(200);
    expect(carried.body.id).not.toBe(previous.id);
    expect(carried.body.data.head).not.toHaveProperty('stamps');
    expect(carried.body.data.head).not.toHaveProperty('links');
    expect(carried.body.tags).toEqual(['kept']);
    const chosen = await derive(previous, {
      content_type: 'application/json-patch+json',
      data: [
        { op: 'replace', path: '/head/uuid', value: '0190c000-0000-7000-8000-0000000000c2' },
        { op: 'remove', path: '/head/stamps' },
      ],
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.id).toBe('0190c000-0000-7000-8000-0000000000c2');
  });

  test('a patch that is not an array, or too long, is 422 "patch"', async () => {
    const previous = await stored(party('Acme'));
    const object = await derive(previous, { content_type: 'application/json-patch+json', data: { op: 'remove', path: '/doc/name' } });
    expect(object.status).toBe(422);
    expect(object.body.key).toBe('patch');
    const long = Array.from({ length: 1001 }, () => ({ op: 'test', path: '/doc/name', value: 'Acme' }));
    const tooLong = await derive(previous, { content_type: 'application/json-patch+json', data: long });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.message).toContain('at most 1000 operations');
  });

  test('copies that blow the document up are stopped', async () => {
    const previous = await stored({ ...party('Acme'), notes: [{ text: 'x'.repeat(10000) }] });
    const data = Array.from({ length: 30 }, (_, i) => ({ op: 'copy', from: '/doc', path: `/doc/c${i}` }));
    const reply = await derive(previous, { content_type: 'application/json-patch+json', data });
    expect(reply.status).toBe(422);
    expect(reply.body.message).toContain('would exceed');
  });

  withGobl.test(
    '1000 copies on an invoice of 3500 lines (about 1 MB stored) make one new entry',
    async () => {
      const invoice = exampleDoc(INVOICE);
      const lines = Array.from({ length: 3500 }, (_, i) => ({
        ...invoice.lines[0],
        item: { ...invoice.lines[0].item, name: `Service ${i}` },
      }));
      const previous = await stored({ ...invoice, lines });
      expect(JSON.stringify(previous.data).length).toBeGreaterThan(1_000_000);
      const data = Array.from({ length: 1000 }, (_, i) => ({ op: 'copy', from: `/doc/lines/${i}`, path: '/doc/lines/-' }));
      const reply = await derive(previous, { content_type: 'application/json-patch+json', data });
      expect(reply.status).toBe(200);
      expect(reply.body.data.doc.lines).toHaveLength(4500);
      expect(reply.body.data.doc.lines[4499]).toMatchObject({ i: 4500, item: { name: 'Service 999' } });
      await expectUntouched(previous);
    },
    60_000,
  );

  withGobl.test('a patch that would touch more than JSON_PATCH_MAX_WORK bytes is 422 "patch", and nothing is stored', async () => {
    const small = await startServer({ JSON_PATCH_MAX_WORK: '64kb' });
    try {
      const own = client(small.url, await tokenFor(newWorkspace()));
      const previous = (await own.post('/silo/v1/entries', { data: exampleDoc(INVOICE) })).body;
      const data = Array.from({ length: 1000 }, () => ({ op: 'copy', from: '/doc/lines/0', path: '/doc/lines/-' }));
      const reply = await own.post('/silo/v1/entries', { previous_id: previous.id, content_type: 'application/json-patch+json', data });
      expect(reply.status).toBe(422);
      expect(reply.body.key).toBe('patch');
      expect(reply.body.message).toContain('the patch is too large for the document');
      expect(Object.values(reply.body.fields.data)).toEqual([expect.stringContaining('more than 65536 bytes')]);
      expect((await own.get('/silo/v1/entries')).body.list).toHaveLength(1);
      expect(
        (
          await own.post('/silo/v1/entries', {
            previous_id: previous.id,
            content_type: 'application/json-patch+json',
            data: data.slice(0, 10),
          })
        ).status,
      ).toBe(200);
    } finally {
      await small.close();
    }
  });

  withGobl.test('a patch that makes the document invalid is 422 "validation", or stored invalid with allow_invalid', async () => {
    const previous = await stored(exampleDoc(INVOICE));
    const data = [{ op: 'remove', path: '/doc/supplier/name' }];
    const refused = await derive(previous, { content_type: 'application/json-patch+json', data });
    expect(refused.status).toBe(422);
    expect(refused.body.key).toBe('validation');
    const allowed = await derive(previous, { content_type: 'application/json-patch+json', data, allow_invalid: true });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ invalid: true, state: 'invalid' });
    expect(allowed.body.faults.length).toBeGreaterThan(0);
    await expectUntouched(previous);
  });
});

describe('application/merge-patch+json', () => {
  test('members are merged, null removes one, arrays are replaced whole', async () => {
    const previous = await stored({ ...party('Acme'), alias: 'A', emails: [{ addr: 'a@example.com' }, { addr: 'b@example.com' }] });
    const reply = await derive(previous, {
      content_type: 'application/merge-patch+json',
      data: { head: { tags: ['merged'] }, doc: { name: 'Acme Two', alias: null, emails: [{ addr: 'c@example.com' }] } },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.id).not.toBe(previous.id);
    expect(reply.body.data.doc).toMatchObject({ name: 'Acme Two', emails: [{ addr: 'c@example.com' }] });
    expect(reply.body.data.doc).not.toHaveProperty('alias');
    expect(reply.body.data.doc.uuid).toBe(previous.data.doc.uuid);
    expect(reply.body.tags).toEqual(['merged']);
    await expectUntouched(previous);
  });

  withGobl.test('a merge that makes the document invalid is refused, or stored invalid with allow_invalid', async () => {
    const previous = await stored(exampleDoc(INVOICE));
    const data = { doc: { supplier: { name: null } } };
    expect((await derive(previous, { content_type: 'application/merge-patch+json', data })).status).toBe(422);
    const allowed = await derive(previous, { content_type: 'application/merge-patch+json', data, allow_invalid: true });
    expect(allowed.status).toBe(200);
    expect(allowed.body.invalid).toBe(true);
    expect(await count()).toBe(2);
  });

  test('a merge that empties the envelope is 422, not 500', async () => {
    const previous = await stored(party('Acme'));
    const reply = await derive(previous, { content_type: 'application/merge-patch+json', data: { doc: null } });
    expect(reply.status).toBe(422);
  });
});

describe('application/json with previous_id', () => {
  withGobl.test('without data the new entry is a copy without the previous identity, code and dates', async () => {
    const previous = await stored(exampleDoc(INVOICE));
    const reply = await derive(previous, {});
    expect(reply.status).toBe(200);
    const doc = reply.body.data.doc;
    expect(reply.body.id).not.toBe(previous.id);
    expect(doc.uuid).not.toBe(previous.data.doc.uuid);
    expect(doc).not.toHaveProperty('code');
    // A copy is calculated afresh: its issue date is today in the regime's time zone (Spain's), as GOBL's.
    expect(doc.issue_date).toBe(new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Madrid' }));
    expect(doc.lines).toEqual(previous.data.doc.lines);
    expect(doc.totals).toEqual(previous.data.doc.totals);
    expect(reply.body.snippet.title).not.toContain('SAMPLE-001');
    await expectUntouched(previous);
  });

  test('given data replaces the document', async () => {
    const previous = await stored(party('Old'));
    const reply = await derive(previous, { content_type: 'application/json', data: party('New') });
    expect(reply.status).toBe(200);
    expect(reply.body.data.doc.name).toBe('New');
    expect(reply.body.id).not.toBe(previous.id);
  });

  withGobl.test('a copy or replacement that is invalid is refused, or stored invalid with allow_invalid', async () => {
    const previous = await stored(exampleDoc(INVOICE));
    const broken = { ...exampleDoc(INVOICE), supplier: { tax_id: { country: 'ES' } } };
    expect((await derive(previous, { data: broken })).status).toBe(422);
    const allowed = await derive(previous, { data: broken, allow_invalid: true });
    expect(allowed.body.invalid).toBe(true);
    const invalidPrevious = allowed.body;
    const copy = await derive(invalidPrevious, { allow_invalid: true });
    expect(copy.status).toBe(200);
    expect(copy.body.invalid).toBe(true);
    expect((await derive(invalidPrevious, {})).status).toBe(422);
  });
});

describe('correct', () => {
  withGobl.test('a credit note from an invoice: type, preceding reference, totals', async () => {
    const previous = await stored(exampleDoc(INVOICE));
    const reply = await derive(previous, { correct: { credit: true, reason: 'returned goods', series: 'CN' } });
    expect(reply.status).toBe(200);
    const entry = reply.body;
    const doc = entry.data.doc;
    expect(entry.id).not.toBe(previous.id);
    expect(doc.type).toBe('credit-note');
    expect(doc.series).toBe('CN');
    expect(doc).not.toHaveProperty('code');
    expect(doc.uuid).not.toBe(previous.data.doc.uuid);
    expect(doc.issue_date).toBe(new Date().toISOString().slice(0, 10));
    expect(doc.preceding).toEqual([
      { uuid: previous.data.doc.uuid, type: 'standard', issue_date: '2022-02-01', code: 'SAMPLE-001', reason: 'returned goods' },
    ]);
    expect(doc.totals).toEqual(previous.data.doc.totals); // GOBL does not negate a credit note
    expect(doc.totals.payable).toBe('1717.20');
    expect(entry.invalid).toBe(false);
    expect(entry.snippet).toMatchObject({ type: 'credit-note', p_code: 'SAMPLE-001', p_uuid: previous.data.doc.uuid });
    await expectUntouched(previous);
  });

  withGobl.test('GOBL\'s {"type": "credit-note"} is accepted as well', async () => {
    const previous = await stored(exampleDoc(INVOICE));
    const reply = await derive(previous, { correct: { type: 'credit-note' } });
    expect(reply.status).toBe(200);
    expect(reply.body.data.doc.type).toBe('credit-note');
  });

  withGobl.test('a debit note', async () => {
    const previous = await stored(exampleDoc(INVOICE));
    const reply = await derive(previous, { correct: { debit: true, issue_date: '2026-01-15' } });
    expect(reply.status).toBe(200);
    expect(reply.body.data.doc).toMatchObject({ type: 'debit-note', issue_date: '2026-01-15', preceding: [{ code: 'SAMPLE-001' }] });
  });

  test('correcting a party is 422 with a clear message, and nothing is stored', async () => {
    const previous = await stored(party('Acme'));
    const reply = await derive(previous, { correct: { credit: true } });
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({ key: 'validation', message: expect.stringContaining('only invoices can be corrected') });
    expect(reply.body.fields).toEqual({ previous_id: expect.any(String) });
    expect(await count()).toBe(1);
  });

  withGobl.test('correcting an invoice without a code is 422', async () => {
    const { code: _code, ...draft } = exampleDoc(INVOICE);
    const previous = await stored(draft);
    const reply = await derive(previous, { correct: { credit: true } });
    expect(reply.status).toBe(422);
    expect(reply.body.message).toContain('without a code');
  });

  withGobl.test("a type the invoice's regime does not allow is 422 at correct.type", async () => {
    const previous = await stored(exampleDoc('de/out/invoice-de-de-stnr.json'));
    const reply = await derive(previous, { correct: { debit: true } });
    expect(reply.status).toBe(422);
    expect(reply.body.fields).toEqual({ correct: { type: expect.stringContaining('debit-note') } });
  });

  withGobl.test('an invalid corrective document is refused, or stored invalid with allow_invalid', async () => {
    // Facturae needs the correction's extension: without it the credit note does not validate.
    const previous = await stored(exampleDoc('es/out/invoice-es-es.json'));
    const refused = await derive(previous, { correct: { credit: true } });
    expect(refused.status).toBe(422);
    expect(refused.body.key).toBe('validation');
    const allowed = await derive(previous, { correct: { credit: true }, allow_invalid: true });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ invalid: true, state: 'invalid' });
    const fixed = await derive(previous, { correct: { credit: true, ext: { 'es-facturae-correction': '01' } } });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.doc.preceding[0].ext).toEqual({ 'es-facturae-correction': '01' });
  });
});
