import { einvoice } from '../helpers/documents';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

/**
 * `POST /silo/v1/gobl/parse`: a received e-invoice read into a GOBL invoice, calculated and validated, statelessly;
 * XML or a Factur-X PDF; the refusals of a received invoice; nothing stored.
 */
let t: TestServer;
let api: ReturnType<typeof client>;
let token: string;
beforeAll(async () => {
  t = await startServer();
  token = await tokenFor(newWorkspace());
  api = client(t.url, token);
});
afterAll(() => t.close());

const raw = async (path: string, body: string | Uint8Array, type: string) => {
  const response = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

test('a UBL and a Factur-X PDF are read into the GOBL invoice they carry, calculated; nothing is stored', async () => {
  const source = (await api.post('/silo/v1/entries', { data: einvoice() })).body;
  const ubl = (await api.send('GET', `/silo/v1/entries/${source.id}/formats/ubl`)).body as string;
  const parsed = await raw('/silo/v1/gobl/parse', ubl, 'application/xml');
  expect(parsed.status).toBe(200);
  expect(parsed.body.data).toMatchObject({
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    currency: 'EUR',
    totals: { payable: source.data.doc.totals.payable },
  });
  expect(parsed.body.einvoice).toMatchObject({ syntax: 'ubl', differences: [] });
  const enveloped = await raw('/silo/v1/gobl/parse?envelop=true', ubl, 'application/xml');
  expect(enveloped.body.data).toMatchObject({
    $schema: 'https://gobl.org/draft-0/envelope',
    doc: { totals: { payable: source.data.doc.totals.payable } },
  });

  const pdf = await fetch(`${t.url}/silo/v1/entries/${source.id}/formats/facturx`, { headers: { authorization: `Bearer ${token}` } });
  const fromPdf = await raw('/silo/v1/gobl/parse', new Uint8Array(await pdf.arrayBuffer()), 'application/pdf');
  expect(fromPdf.status).toBe(200);
  expect(fromPdf.body.einvoice).toMatchObject({ syntax: 'cii', embedded: 'factur-x.xml' });
  expect(fromPdf.body.data.totals.payable).toBe(source.data.doc.totals.payable);
  // Only the source entry is stored.
  expect((await api.get('/silo/v1/entries')).body.list).toHaveLength(1);
});

test('refusals: a DTD is 400, XML that is no invoice 422, JSON 415', async () => {
  const xxe = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Invoice>&e;</Invoice>';
  expect((await raw('/silo/v1/gobl/parse', xxe, 'application/xml')).status).toBe(400);
  expect((await raw('/silo/v1/gobl/parse', '<note><to>you</to></note>', 'application/xml')).status).toBe(422);
  expect((await raw('/silo/v1/gobl/parse', '{"data":{}}', 'application/json')).status).toBe(415);
});
