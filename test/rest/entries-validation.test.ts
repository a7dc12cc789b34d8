import { invoice, invoiceWithoutSupplier } from '../helpers/documents';
import { readExample, withGobl } from '../helpers/golden-examples';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

let t: TestServer;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startServer();
});
beforeEach(async () => {
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

describe('documents are calculated and validated on the way in', () => {
  test('a partial invoice comes back calculated', async () => {
    const reply = await api.post('/silo/v1/entries', { data: invoice() });
    expect(reply.status).toBe(200);
    const doc = reply.body.data.doc;
    expect(doc.$regime).toBe('ES');
    expect(doc.type).toBe('standard');
    expect(doc.lines[0]).toMatchObject({ i: 1, sum: '1800.00', total: '1800.00' });
    expect(doc.lines[0].taxes[0]).toMatchObject({ cat: 'VAT', key: 'standard', rate: 'general', percent: '21.0%' });
    expect(doc.totals).toMatchObject({ sum: '1800.00', tax: '378.00', total_with_tax: '2178.00', payable: '2178.00' });
    expect(reply.body.snippet).toMatchObject({ title: 'F-0001', total_with_tax: '2178.00', currency: 'EUR' });
  });

  withGobl.test("a golden example stored through the API equals GOBL's output, digest included", async () => {
    const expected = readExample('es/out/invoice-es-es.json');
    const reply = await api.post('/silo/v1/entries', { data: readExample('es/invoice-es-es.yaml') });
    expect(reply.status).toBe(200);
    expect(reply.body.data.doc).toEqual(expected.doc);
    expect(reply.body.digest).toEqual(expected.head.dig);
  });

  test('an invalid document is 422 validation with fields and faults, and nothing is stored', async () => {
    const reply = await api.post('/silo/v1/entries', { data: invoiceWithoutSupplier(), key: 'broken' });
    expect(reply.status).toBe(422);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.body.key).toBe('validation');
    expect(reply.body.message).toContain('supplier');
    expect(reply.body.fields).toEqual({ data: { doc: { supplier: expect.any(String) } } });
    expect(reply.body.faults).toContainEqual({
      provider: 'gobl',
      code: 'GOBL-BILL-INVOICE-05',
      message: expect.any(String),
      paths: ['$.doc.supplier'],
    });
    expect((await api.get('/silo/v1/entries')).body.list).toEqual([]);
    expect((await api.get('/silo/v1/entries/key/broken')).status).toBe(404);
  });

  test('with allow_invalid the entry is stored invalid, with its faults', async () => {
    const reply = await api.post('/silo/v1/entries', { data: invoiceWithoutSupplier(), allow_invalid: true, key: 'kept' });
    expect(reply.status).toBe(200);
    expect(reply.body.invalid).toBe(true);
    expect(reply.body.state).toBe('invalid');
    expect(reply.body.faults).toContainEqual({
      provider: 'gobl',
      code: 'GOBL-BILL-INVOICE-05',
      message: expect.any(String),
      paths: ['$.doc.supplier'],
    });
    const fetched = await api.get('/silo/v1/entries/key/kept');
    expect(fetched.body.invalid).toBe(true);
    expect(fetched.body.faults).toEqual(reply.body.faults);
  });

  test('allow_invalid on a valid document stores it valid', async () => {
    const reply = await api.post('/silo/v1/entries', { data: invoice(), allow_invalid: true });
    expect(reply.body.invalid).toBe(false);
    expect(reply.body).not.toHaveProperty('state');
    expect(reply.body.faults).toEqual([]);
  });

  test('a document that cannot be calculated is 422 calculation, even with allow_invalid', async () => {
    for (const allow of [false, true]) {
      const reply = await api.post('/silo/v1/entries', {
        data: invoice({ $tags: ['nonsense'] }),
        allow_invalid: allow,
      });
      expect(reply.status).toBe(422);
      expect(reply.body.key).toBe('calculation');
    }
    expect((await api.get('/silo/v1/entries')).body.list).toEqual([]);
  });
});
