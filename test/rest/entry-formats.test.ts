import { create } from 'xmlbuilder2';
import { einvoice, invoice, invoiceOfLines, party } from '../helpers/documents';
import { ciiSchemaErrors, fatalFindings, ublSchemaErrors, EINVOICE_DIR } from '../helpers/einvoice-judge';
import { readPdf } from '../helpers/pdf-read';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

interface FormatReply {
  status: number;
  headers: Headers;
  text: string;
  body?: any;
}

/** A GET answered with the document's text, or the JSON of a refusal. */
async function getFormat(base: string, path: string, token?: string): Promise<FormatReply> {
  const response = await fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json');
  return { status: response.status, headers: response.headers, text, body: json ? JSON.parse(text) : undefined };
}

/**
 * What the routes answered, judged by the official artefacts at the end of the file: the Schematron runs for seconds
 * on this thread, past the server's keep-alive, and a request sent right after it may meet a socket being closed.
 */
const answered: { ubl?: string; cii?: string; facturx?: string } = {};

/** The written document's root element, read back by a real XML parser. */
const rootOf = (xml: string): [string, any] => Object.entries(create(xml).end({ format: 'object' }) as Record<string, any>)[0];

describe('GET /silo/v1/entries/{id}/formats/{format}', () => {
  let t: TestServer;
  let token: string;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await startServer();
  });
  beforeEach(async () => {
    token = await tokenFor(newWorkspace());
    api = client(t.url, token);
  });
  afterAll(() => t.close());

  async function stored(data: object) {
    const reply = await api.post('/silo/v1/entries', { data });
    expect(reply.status).toBe(200);
    return reply.body;
  }

  test('ubl: the stored invoice as EN 16931 UBL, an attachment named by its series and code', async () => {
    const entry = await stored(einvoice());
    const reply = await getFormat(t.url, `/silo/v1/entries/${entry.id}/formats/ubl`, token);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="F-0001.xml"');
    const [name, root] = rootOf(reply.text);
    expect(name).toBe('Invoice');
    expect(root['cbc:ID']).toBe('F-0001');
    expect(root['cac:LegalMonetaryTotal']['cbc:PayableAmount']).toEqual({ '@currencyID': 'EUR', '#': entry.data.doc.totals.payable });
    answered.ubl = reply.text;
  });

  test('cii: the same invoice as a CrossIndustryInvoice, judged by the CII schema and EN 16931 rules', async () => {
    const entry = await stored(einvoice());
    const reply = await getFormat(t.url, `/silo/v1/entries/${entry.id}/formats/cii`, token);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="F-0001.xml"');
    const [name, root] = rootOf(reply.text);
    expect(name).toBe('rsm:CrossIndustryInvoice');
    expect(root['rsm:ExchangedDocument']['ram:ID']).toBe('F-0001');
    const attached = await api.post(`/silo/v1/entries/${entry.id}/formats/cii`);
    const ubl = await api.post(`/silo/v1/entries/${entry.id}/formats/ubl`);
    expect(attached.status).toBe(201);
    expect(attached.body.id).not.toBe(ubl.body.id);
    answered.cii = reply.text;
  });

  test('facturx: the PDF as a PDF/A-3 with the CII embedded as factur-x.xml and the Factur-X XMP, read by pdf.js', async () => {
    const entry = await stored(einvoice());
    const response = await fetch(`${t.url}/silo/v1/entries/${entry.id}/formats/facturx`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="F-0001.pdf"');
    const pdf = await readPdf(new Uint8Array(await response.arrayBuffer()));
    expect(pdf.text).toContain('F-0001');
    expect(Object.keys(pdf.attachments)).toEqual(['factur-x.xml']);
    const cii = (await getFormat(t.url, `/silo/v1/entries/${entry.id}/formats/cii`, token)).text;
    expect(pdf.attachments['factur-x.xml']).toBe(cii);
    // PDF/A-3b's identification and Factur-X's own metadata, with the extension schema that declares it.
    expect(pdf.xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>\s*<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(pdf.xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(pdf.xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(pdf.xmp).toContain('<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>');
    expect(pdf.fonts.every((font) => !font.missingFile)).toBe(true);
    const attached = await api.post(`/silo/v1/entries/${entry.id}/formats/facturx`);
    expect(attached.status).toBe(201);
    expect(attached.body).toMatchObject({ name: 'F-0001.pdf', mime: 'application/pdf', category: 'format' });
    answered.facturx = pdf.attachments['factur-x.xml'];
    // What the CII cannot express, Factur-X refuses alike, before any layout.
    const bare = await stored(invoice());
    const refused = await getFormat(t.url, `/silo/v1/entries/${bare.id}/formats/facturx`, token);
    expect(refused.status).toBe(422);
    expect(refused.body.faults.map((f: any) => f.code)).toContain('BR-10');
  });

  test('a credit note is a CreditNote, referring to the invoice it corrects', async () => {
    const entry = await stored(
      einvoice({ type: 'credit-note', series: 'R', code: '7', preceding: [{ series: 'F', code: '0001', issue_date: '2026-11-20' }] }),
    );
    const reply = await getFormat(t.url, `/silo/v1/entries/${entry.id}/formats/ubl`, token);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="R-7.xml"');
    const [name, root] = rootOf(reply.text);
    expect(name).toBe('CreditNote');
    expect(root['cac:BillingReference']['cac:InvoiceDocumentReference']['cbc:ID']).toBe('F-0001');
  });

  test('?version= writes an earlier version of an updated entry', async () => {
    const entry = await stored(einvoice());
    const updated = await api.send('PATCH', `/silo/v1/entries/${entry.id}`, { data: einvoice({ code: '0002' }) });
    expect(updated.status).toBe(200);
    const current = await getFormat(t.url, `/silo/v1/entries/${entry.id}/formats/ubl`, token);
    expect(rootOf(current.text)[1]['cbc:ID']).toBe('F-0002');
    const earlier = await getFormat(t.url, `/silo/v1/entries/${entry.id}/formats/ubl?version=${entry.version}`, token);
    expect(earlier.status).toBe(200);
    expect(rootOf(earlier.text)[1]['cbc:ID']).toBe('F-0001');
  });

  test('422 naming the rules when the format cannot express the invoice: the README invoice has no addresses nor terms', async () => {
    const entry = await stored(invoice());
    const reply = await getFormat(t.url, `/silo/v1/entries/${entry.id}/formats/ubl`, token);
    expect(reply.status).toBe(422);
    expect(reply.body.key).toBe('validation');
    expect(reply.body.faults.filter((f: any) => f.provider === 'ubl').map((f: any) => `${f.code} ${f.paths.join(',')}`)).toEqual([
      'BR-08 $.doc.supplier.addresses',
      'BR-10 $.doc.customer.addresses',
      'BR-CO-25 $.doc.payment.terms',
    ]);
    expect(reply.body.faults.filter((f: any) => f.provider === 'gobl').length).toBeGreaterThan(0);
    // Nothing is stored: the entry is as it was.
    expect((await api.get(`/silo/v1/entries/${entry.id}`)).body.version).toBe(entry.version);
  });

  test("a 10,000-line invoice is written in the engine's threads, or refused too-complex, while another workspace is served", async () => {
    const lines = (invoiceOfLines(10_000) as { lines: unknown[] }).lines;
    const heavy = await stored(einvoice({ lines }));
    const other = client(t.url, await tokenFor(newWorkspace()));
    const started = Date.now();
    const writing = getFormat(t.url, `/silo/v1/entries/${heavy.id}/formats/ubl`, token).then((reply) => ({
      reply,
      ms: Date.now() - started,
    }));
    // Asked once the writing has begun: the other workspace's list is answered while the thread writes the document.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const list = await other.get('/silo/v1/entries');
    const listMs = Date.now() - started;
    const { reply, ms } = await writing;
    expect(list.status).toBe(200);
    if (reply.status === 200) {
      expect(rootOf(reply.text)[1]['cac:InvoiceLine']).toHaveLength(10_000);
      expect(listMs).toBeLessThan(ms);
    } else {
      expect([reply.status, reply.body.key]).toEqual([422, 'too-complex']);
    }
  });

  test('refusals: not an invoice 422; an unknown format 400; unknown entry or version 404; no token 401', async () => {
    const someone = await stored(party('Someone'));
    const notInvoice = await getFormat(t.url, `/silo/v1/entries/${someone.id}/formats/ubl`, token);
    expect(notInvoice.status).toBe(422);
    expect(notInvoice.body.message).toMatch(/only invoices can be written as ubl/);
    const entry = await stored(einvoice());
    const unknownFormat = await getFormat(t.url, `/silo/v1/entries/${entry.id}/formats/edifact`, token);
    expect(unknownFormat.status).toBe(400);
    expect(unknownFormat.body).toMatchObject({ key: 'input' });
    const unknown = await getFormat(t.url, '/silo/v1/entries/0190a0b0-0000-7000-8000-000000000000/formats/ubl', token);
    expect(unknown.status).toBe(404);
    const version = await getFormat(t.url, `/silo/v1/entries/${entry.id}/formats/ubl?version=0000000000`, token);
    expect(version.status).toBe(404);
    const otherWorkspace = await getFormat(t.url, `/silo/v1/entries/${entry.id}/formats/ubl`, await tokenFor(newWorkspace()));
    expect(otherWorkspace.status).toBe(404);
    const anonymous = await getFormat(t.url, `/silo/v1/entries/${entry.id}/formats/ubl`);
    expect(anonymous.status).toBe(401);
  });

  describe('POST: the invoice in the format attached to the entry as its format file', () => {
    const xmlFilesOf = async (id: string) =>
      ((await api.get(`/silo/v1/entries/${id}`)).body.attachments as any[]).filter((file) => file.mime === 'application/xml');

    test('201 with the file; its bytes are the GET; attaching again keeps one file with a version', async () => {
      const entry = await stored(einvoice());
      const first = await api.post(`/silo/v1/entries/${entry.id}/formats/ubl`);
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        entry_id: entry.id,
        name: 'F-0001.xml',
        mime: 'application/xml',
        category: 'format',
        previous: [],
      });
      expect(await xmlFilesOf(entry.id)).toEqual([expect.objectContaining({ id: first.body.id, name: 'F-0001.xml' })]);
      const download = await getFormat(t.url, `/silo/v1/entries/${entry.id}/files/${first.body.id}/download`, token);
      expect(download.text).toBe((await getFormat(t.url, `/silo/v1/entries/${entry.id}/formats/ubl`, token)).text);

      expect((await api.send('PATCH', `/silo/v1/entries/${entry.id}`, { data: einvoice({ code: '0002' }) })).status).toBe(200);
      const second = await api.post(`/silo/v1/entries/${entry.id}/formats/ubl`);
      expect(second.status).toBe(201);
      expect(second.body.id).toBe(first.body.id);
      expect(second.body.name).toBe('F-0002.xml');
      expect(second.body.previous).toEqual([expect.objectContaining({ hash: first.body.hash, size: first.body.size })]);
      expect(await xmlFilesOf(entry.id)).toHaveLength(1);
    });

    test('a refusal stores nothing: the README invoice is 422 and the entry has no file', async () => {
      const entry = await stored(invoice());
      const reply = await api.post(`/silo/v1/entries/${entry.id}/formats/ubl`);
      expect(reply.status).toBe(422);
      expect(reply.body.faults.map((f: any) => f.code)).toContain('BR-10');
      expect((await api.get(`/silo/v1/entries/${entry.id}`)).body.attachments).toEqual([]);
    });
  });
});

describe('POST /silo/v1/gobl/convert', () => {
  let t: TestServer;
  let token: string;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await startServer();
  });
  beforeEach(async () => {
    token = await tokenFor(newWorkspace());
    api = client(t.url, token);
  });
  afterAll(() => t.close());

  /** A JSON answer's body, as the refusals write it. */
  const json = async (response: Response): Promise<any> => response.json();
  const convert = (body: unknown) =>
    fetch(`${t.url}/silo/v1/gobl/convert`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  test('a document, or an envelope, written as the entry route writes it; nothing stored', async () => {
    const reply = await convert({ data: einvoice(), format: 'ubl' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="F-0001.xml"');
    const text = await reply.text();
    const entry = (await api.post('/silo/v1/entries', { data: einvoice() })).body;
    expect(text).toBe((await getFormat(t.url, `/silo/v1/entries/${entry.id}/formats/ubl`, token)).text);
    const enveloped = await convert({ data: entry.data, format: 'ubl' });
    expect(await enveloped.text()).toBe(text);
    expect((await api.get('/silo/v1/entries')).body.list).toHaveLength(1);
  });

  test('refusals: no format or an unknown one 400 naming it; what EN 16931 needs and is missing 422', async () => {
    const missing = await convert({ data: einvoice() });
    expect(missing.status).toBe(400);
    expect((await json(missing)).fields).toMatchObject({ format: expect.any(String) });
    const unknown = await convert({ data: einvoice(), format: 'edifact' });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).fields).toMatchObject({ format: expect.any(String) });
    const refused = await convert({ data: invoice(), format: 'ubl' });
    expect(refused.status).toBe(422);
    expect((await json(refused)).faults.map((f: any) => f.code)).toEqual(expect.arrayContaining(['BR-08', 'BR-10', 'BR-CO-25']));
  });
});

(EINVOICE_DIR ? describe : describe.skip)('what the routes answered, judged by the official artefacts', () => {
  test('ubl: valid by the UBL 2.1 XML Schema, no fatal EN 16931 finding', async () => {
    expect(await ublSchemaErrors(answered.ubl!)).toEqual([]);
    expect(await fatalFindings('en16931-ubl', answered.ubl!)).toEqual([]);
  });
  test('facturx: its embedded CII valid by the CII D16B XML Schema, no fatal EN 16931 finding', async () => {
    expect(await ciiSchemaErrors(answered.facturx!)).toEqual([]);
    expect(await fatalFindings('en16931-cii', answered.facturx!)).toEqual([]);
  });
  test('cii: valid by the CII D16B XML Schema, no fatal EN 16931 finding', async () => {
    expect(await ciiSchemaErrors(answered.cii!)).toEqual([]);
    expect(await fatalFindings('en16931-cii', answered.cii!)).toEqual([]);
  });
});
