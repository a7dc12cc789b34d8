import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OUTPUT_FORMAT_NAMES, type OutputFormat } from '../../src/formats';
import { fitForCius } from '../helpers/cius-documents';
import { einvoice } from '../helpers/documents';
import { EINVOICES } from '../helpers/einvoices';
import { EINVOICE_DIR, RULES_CACHE, withEinvoice } from '../helpers/einvoice-judge';
import { newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

/** POSTs `body` to the validate route as `type`, and reads the JSON answer. */
async function validate(base: string, token: string, body: string, type = 'application/xml') {
  const response = await fetch(`${base}/silo/v1/formats/validate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body,
  });
  return { status: response.status, body: (await response.json()) as any };
}

const example = (file: string) => readFileSync(path.join(EINVOICE_DIR!, 'examples', file), 'utf8');

describe('POST /silo/v1/formats/validate without the artefacts', () => {
  test('503, naming the setting that is missing', async () => {
    const t = await startServer();
    try {
      const reply = await validate(t.url, await tokenFor(newWorkspace()), '<Invoice/>');
      expect(reply.status).toBe(503);
      expect(reply.body.message).toContain('EINVOICE_ARTEFACTS_DIR');
    } finally {
      await t.close();
    }
  });
});

withEinvoice.describe('POST /silo/v1/formats/validate', () => {
  let t: TestServer;
  let token: string;

  beforeAll(async () => {
    t = await startServer({ EINVOICE_ARTEFACTS_DIR: EINVOICE_DIR! }, { einvoiceRulesDir: RULES_CACHE });
    await t.server.einvoices.prepare(); // the first run compiles the rules (a minute); later ones read them back
    token = await tokenFor(newWorkspace());
  }, 300_000);
  afterAll(() => t.close());

  test("CEN's UBL example: valid by the UBL schema and the EN 16931 rules", async () => {
    const reply = await validate(t.url, token, example('en16931-ubl/ubl-tc434-example1.xml'));
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      valid: true,
      syntax: 'ubl',
      customization: 'urn:cen.eu:en16931:2017',
      rules: ['en16931-ubl'],
      errors: [],
    });
  });

  test("CEN's CII example: valid by the CII schema and the EN 16931 rules", async () => {
    const reply = await validate(t.url, token, example('en16931-cii/CII_example1.xml'));
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ valid: true, syntax: 'cii', rules: ['en16931-cii'], errors: [] });
  });

  test('a Peppol BIS Billing 3.0 invoice is judged by the Peppol rules too', async () => {
    const reply = await validate(t.url, token, example('en16931-ubl/BIS3_Invoice_positive.XML'));
    expect(reply.status).toBe(200);
    expect(reply.body.rules).toEqual(['en16931-ubl', 'peppol-ubl']);
    expect(reply.body.errors).toEqual([]);
    expect(reply.body.valid).toBe(true);
  });

  test('a document that names XRechnung 3.0 is judged by its rules too', async () => {
    const xml = example('en16931-cii/CII_example1.xml').replace(
      /(<ram:GuidelineSpecifiedDocumentContextParameter>\s*<ram:ID>)[^<]+/,
      '$1urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    );
    const reply = await validate(t.url, token, xml);
    expect(reply.status).toBe(200);
    expect(reply.body.rules).toEqual(['en16931-cii', 'xrechnung-cii']);
    // CEN's example has no buyer reference, which XRechnung requires (BR-DE-15).
    expect(reply.body.valid).toBe(false);
    expect(reply.body.errors.map((error: any) => error.rule)).toContain('BR-DE-15');
  });

  test('a wrong total: invalid, the rule that failed named with where and why', async () => {
    const xml = example('en16931-ubl/ubl-tc434-example1.xml').replace(/(<cbc:PayableAmount currencyID="EUR">)[^<]+/, '$19999.99');
    const reply = await validate(t.url, token, xml);
    expect(reply.status).toBe(200);
    expect(reply.body.valid).toBe(false);
    expect(reply.body.errors).toContainEqual({
      rule: 'BR-CO-16',
      flag: 'fatal',
      location: expect.stringContaining('cac:LegalMonetaryTotal'),
      message: expect.stringContaining('[BR-CO-16]'),
    });
  });

  test('an element out of its place fails the XML Schema, and no rule set runs', async () => {
    const xml = example('en16931-ubl/ubl-tc434-example1.xml').replace(/<cbc:IssueDate>/, '<cbc:Note>early</cbc:Note><cbc:IssueDate>');
    const reply = await validate(t.url, token, xml);
    expect(reply.body).toMatchObject({ valid: false, rules: [] });
    expect(reply.body.errors[0]).toMatchObject({ rule: 'XSD', flag: 'fatal', location: expect.stringMatching(/^line \d+$/) });
  });

  test.each(EINVOICES)('%s: what the service writes passes in every format, judged by every rule set that applies', async (_name, make) => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${t.url}/silo/v1/entries`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ data: fitForCius(make()) }),
    });
    expect(created.status).toBe(200);
    const entry = (await created.json()) as { id: string };
    const judgedBy: Record<OutputFormat, string[]> = {
      ubl: ['en16931-ubl'],
      cii: ['en16931-cii'],
      peppol: ['en16931-ubl', 'peppol-ubl'],
      'xrechnung-ubl': ['en16931-ubl', 'xrechnung-ubl'],
      'xrechnung-cii': ['en16931-cii', 'xrechnung-cii'],
      facturx: ['en16931-cii'],
    };
    for (const format of OUTPUT_FORMAT_NAMES) {
      const written = await fetch(`${t.url}/silo/v1/entries/${entry.id}/formats/${format}`, { headers });
      expect({ format, status: written.status }).toEqual({ format, status: 200 });
      const reply = await fetch(`${t.url}/silo/v1/formats/validate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': written.headers.get('content-type')! },
        body: await written.arrayBuffer(),
      });
      expect({ format, ...((await reply.json()) as object) }).toMatchObject({ format, valid: true, rules: judgedBy[format], errors: [] });
    }
  });

  test('a body of 50 MB is refused at once, 413, unread', async () => {
    const started = performance.now();
    const reply = await validate(t.url, token, `<Invoice>${'x'.repeat(50 * 1024 * 1024)}</Invoice>`);
    expect(reply.status).toBe(413);
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  test('a Factur-X PDF: the invoice it carries is judged', async () => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${t.url}/silo/v1/entries`, { method: 'POST', headers, body: JSON.stringify({ data: einvoice() }) });
    const entry = (await created.json()) as { id: string };
    const pdf = await (await fetch(`${t.url}/silo/v1/entries/${entry.id}/formats/facturx`, { headers })).arrayBuffer();
    const response = await fetch(`${t.url}/silo/v1/formats/validate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
      body: pdf,
    });
    expect(await response.json()).toMatchObject({
      valid: true,
      syntax: 'cii',
      rules: ['en16931-cii'],
      errors: [],
      embedded: 'factur-x.xml',
    });
  });

  test('XXE and entity expansion are refused at once, 400, before any parser reads them', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><Invoice>&x;</Invoice>`;
    const laughs = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><l>&b;</l>`;
    for (const xml of [xxe, laughs]) {
      const reply = await validate(t.url, token, xml);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toContain('document type declaration');
    }
  });

  test('nesting past the bound is 400', async () => {
    const reply = await validate(t.url, token, `${'<a>'.repeat(1000)}${'</a>'.repeat(1000)}`);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('deep');
  });

  test('broken XML is 400; another document 422; another media type 415; none stored', async () => {
    expect((await validate(t.url, token, '<Invoice><unclosed></Invoice>')).status).toBe(400);
    const other = await validate(t.url, token, '<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>');
    expect(other.status).toBe(422);
    expect(other.body.message).toContain('root element is Order');
    const json = await validate(t.url, token, '{"data":{}}', 'application/json');
    expect(json.status).toBe(415);
    expect(json.body.message).toContain('application/xml or application/pdf');
  });

  test('GraphQL validateDocument answers the same report', async () => {
    const response = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'query ($xml: String!) { validateDocument(xml: $xml) { valid syntax rules errors { rule flag location } } }',
        variables: { xml: example('en16931-cii/CII_example1.xml').replace(/(<ram:DuePayableAmount>)[^<]+/, '$19999.99') },
      }),
    });
    const { data } = (await response.json()) as any;
    expect(data.validateDocument).toMatchObject({ valid: false, syntax: 'cii', rules: ['en16931-cii'] });
    expect(data.validateDocument.errors.map((error: any) => error.rule)).toContain('BR-CO-16');
  });
});
