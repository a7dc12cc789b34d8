import { invoice } from '../helpers/documents';
import { newWorkspace, startServer, type TestServer } from '../helpers/server';
import { GetEntryDocument } from '../graphql/generated/graphql';
import { apisFor } from '../graphql/graphql-client';

/**
 * An invoice's snippet shows its parties as the hosted API's OrgParty (`uuid`, `name`, `alias`, `country`,
 * `tax_code`), which its Go client reads as `snippets.OrgParty`; an entry stored before, with `tax_id:
 * "ESB98602642"`, keeps its row and is answered in that shape too.
 */
let t: TestServer;
let apis: Awaited<ReturnType<typeof apisFor>>;
beforeAll(async () => {
  t = await startServer();
  apis = await apisFor(t.url, newWorkspace());
});
afterAll(() => t.close());

const SUPPLIER = { name: 'Provide One S.L.', country: 'ES', tax_code: 'B98602642' };
const CUSTOMER = { name: 'Sample Consumer', country: 'ES', tax_code: '54387763P' };

const storedSnippet = async (id: string) => {
  const [row] = await t.server.dataSource.query('SELECT snippet FROM entries WHERE id = ?', [id]);
  return JSON.parse(row.snippet);
};

async function answers(id: string) {
  const { rest, gql } = apis;
  const fetched = await rest.get(`/silo/v1/entries/${id}`);
  expect(fetched.status).toBe(200);
  const listed = (await rest.get('/silo/v1/entries?limit=100')).body.list.find((e: { id: string }) => e.id === id);
  const found = (await rest.get(`/silo/v1/search?q=${encodeURIComponent(id)}`)).body.list[0];
  const graphql = await gql.run(GetEntryDocument, { id });
  expect(graphql.body.errors).toBeUndefined();
  return [fetched.body.snippet, listed.snippet, found.snippet, graphql.body.data!.entry!.snippet];
}

describe("an invoice's snippet", () => {
  test('shows its supplier and customer as OrgParty: country and tax_code, no tax_id, in create, fetch, list, search and GraphQL', async () => {
    const created = await apis.rest.post('/silo/v1/entries', {
      data: invoice({ supplier: { uuid: '0190f2a4-6e1b-7c3d-8a2b-3c4d5e6f7a8b', alias: 'ProOne', ...invoice().supplier } }),
    });
    expect(created.status).toBe(200);
    const supplier = {
      uuid: '0190f2a4-6e1b-7c3d-8a2b-3c4d5e6f7a8b',
      name: 'Provide One S.L.',
      alias: 'ProOne',
      country: 'ES',
      tax_code: 'B98602642',
    };
    expect(created.body.snippet).toMatchObject({ code: '0001', supplier, customer: CUSTOMER });
    for (const snippet of await answers(created.body.id)) {
      expect(snippet.supplier).toEqual(supplier);
      expect(snippet.customer).toEqual(CUSTOMER);
    }
  });

  test('stored before parties took that shape (tax_id "ESB98602642"): the row is kept, the answers are in the new shape', async () => {
    const created = (await apis.rest.post('/silo/v1/entries', { data: invoice({ code: 'LEGACY-1' }) })).body;
    const legacy = {
      ...created.snippet,
      supplier: { name: 'Provide One S.L.', tax_id: 'ESB98602642' },
      customer: { name: 'Sample Consumer', tax_id: 'ES54387763P' },
    };
    await t.server.dataSource.query('UPDATE entries SET snippet = ? WHERE id = ?', [JSON.stringify(legacy), created.id]);

    for (const snippet of await answers(created.id)) {
      expect(snippet).toEqual({ ...legacy, supplier: SUPPLIER, customer: CUSTOMER });
      expect(snippet.supplier.tax_id).toBeUndefined();
    }
    // Read, not rewritten: the row still holds what was stored.
    expect(await storedSnippet(created.id)).toEqual(legacy);
  });

  test('a whole tax id is found with or without its country', async () => {
    const created = (
      await apis.rest.post('/silo/v1/entries', {
        data: invoice({ code: 'TAX-1', customer: { name: 'Kunde GmbH', tax_id: { country: 'DE', code: '282741168' } } }),
      })
    ).body;
    for (const q of ['DE282741168', '282741168']) {
      const ids = (await apis.rest.get(`/silo/v1/search?q=${q}`)).body.list.map((e: { id: string }) => e.id);
      expect(ids).toEqual([created.id]);
    }
  });
});
