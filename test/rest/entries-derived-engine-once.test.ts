import { CreateEntryDocument } from '../graphql/generated/graphql';
import { apisFor } from '../graphql/graphql-client';
import { metricValue } from '../helpers/metrics';
import { party, startServer, type TestServer } from '../helpers/server';

/** Documents the engine has worked on so far, from the service's metrics. */
async function engineRuns(url: string): Promise<number> {
  return (await metricValue(url, 'engine_document_seconds_count')) ?? 0;
}

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

/** The previous entry is read before the engine runs, so a derived create is one engine job, as a plain one is. */
describe('a create with previous_id runs the engine once', () => {
  test('REST', async () => {
    const { rest } = await apisFor(t.url);
    const first = await rest.post('/silo/v1/entries', { data: party('Original') });
    expect(first.status).toBe(200);
    const before = await engineRuns(t.url);
    const derived = await rest.post('/silo/v1/entries', {
      previous_id: first.body.id,
      content_type: 'application/merge-patch+json',
      data: { doc: { name: 'Renamed' } },
    });
    expect(derived.status).toBe(200);
    expect(derived.body.data.doc.name).toBe('Renamed');
    expect((await engineRuns(t.url)) - before).toBe(1);
  });

  test('GraphQL', async () => {
    const { gql, rest } = await apisFor(t.url);
    const first = await rest.post('/silo/v1/entries', { data: party('Original') });
    const before = await engineRuns(t.url);
    const reply = await gql.run(CreateEntryDocument, {
      input: { previousId: first.body.id, contentType: 'application/merge-patch+json', data: { doc: { name: 'Renamed' } } },
    });
    expect(reply.body.errors).toBeUndefined();
    expect((await engineRuns(t.url)) - before).toBe(1);
  });

  test('an unknown previous entry is not-found, without the engine asking for it', async () => {
    const { rest } = await apisFor(t.url);
    const before = await engineRuns(t.url);
    const reply = await rest.post('/silo/v1/entries', { previous_id: '0190c000-0000-7000-8000-000000000000' });
    expect(reply.status).toBe(404);
    expect(reply.body.key).toBe('not-found');
    expect((await engineRuns(t.url)) - before).toBe(1);
  });
});
