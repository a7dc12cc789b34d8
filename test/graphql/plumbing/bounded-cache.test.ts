import { parse } from 'graphql';
import {
  DOCUMENT_STORE_BYTES,
  documentBytes,
  documentStore,
  PERSISTED_QUERY_BYTES,
  persistedQueryCache,
} from '../../../src/graphql/plumbing/bounded-cache';
import { MAX_QUERY_TOKENS } from '../../../src/graphql/plumbing/limits';
import { MB, retainedHeap } from '../../helpers/heap';
import { newWorkspace, startServer, tokenFor, type TestServer } from '../../helpers/server';
import { graphqlClient } from '../graphql-client';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const FIELDS = 'id key folder docSchema envSchema state signed invalid snippet tags createdAt updatedAt';
/** About 1,800 tokens: 40 aliased pages, the heaviest kind of document to keep (graphql-jit's plan for it is megabytes). */
const heavyQuery = (n: number) =>
  `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: entries(first: 1) { edges { node { ${FIELDS} } } }`).join(' ')} n${n}: __typename }`;

describe("Apollo's caches are bounded by what they hold", () => {
  test('the document store keeps documents up to its estimated bytes, the most recent first', async () => {
    const store = documentStore();
    const count = 100;
    for (let i = 0; i < count; i++) await store.set(`key-${i}`, parse(heavyQuery(i), { maxTokens: MAX_QUERY_TOKENS }));
    const { entries, bytes } = store.stats();
    expect(bytes).toBeLessThanOrEqual(DOCUMENT_STORE_BYTES);
    expect(entries).toBeGreaterThan(5);
    expect(entries).toBeLessThan(count);
    expect(await store.get(`key-${count - 1}`)).toBeDefined();
    expect(await store.get('key-0')).toBeUndefined();
  });

  test("a document's estimate grows with its tokens and with its text", () => {
    const small = documentBytes(parse('{ __typename }'));
    expect(documentBytes(parse(heavyQuery(1)))).toBeGreaterThan(100 * small);
    expect(documentBytes(parse(`{ entryByKey(key: "${'k'.repeat(100_000)}") { id } }`))).toBeGreaterThan(200_000);
  });

  test('the persisted-query cache keeps query texts up to its bytes', async () => {
    const cache = persistedQueryCache();
    for (let i = 0; i < 100; i++) await cache.set(`apq:${i}`, `{ __typename } # ${'x'.repeat(200_000)}${i}`);
    expect(cache.stats().bytes).toBeLessThanOrEqual(PERSISTED_QUERY_BYTES);
    expect(cache.stats().entries).toBeLessThan(100);
  });
});

describe('the server under many distinct heavy queries', () => {
  test('parsed documents stay within the store, and every query is answered', async () => {
    const gql = graphqlClient(t.url, await tokenFor(newWorkspace()));
    // About 2,000 short tokens: a document of 600 KB of heap whose JSON is 150 KB.
    const manyTokens = (n: number) => `{ ${Array.from({ length: 660 }, (_, i) => `a${i}: __typename`).join(' ')} n${n}: __typename }`;
    expect((await gql.query(manyTokens(1000))).body.errors).toBeUndefined();
    const retained = await retainedHeap(async () => {
      for (let i = 0; i < 100; i++) {
        const reply = await gql.query(manyTokens(i));
        expect(reply.status).toBe(200);
        expect(reply.body.data.a0).toBe('Query');
      }
    });
    // Apollo's default store counts each document's JSON against 30 MB, so would keep all 100: 60 MB of heap.
    expect(retained).toBeLessThan(30 * MB);
  });

  test("plans compiled for documents the store let go do not stay in V8's compilation cache", async () => {
    const gql = graphqlClient(t.url, await tokenFor(newWorkspace()));
    expect((await gql.query(heavyQuery(1000))).body.errors).toBeUndefined();
    const retained = await retainedHeap(async () => {
      for (let i = 0; i < 50; i++) expect((await gql.query(heavyQuery(i))).body.data.a0.edges).toEqual([]);
    });
    // The store keeps a few of these documents (about 3 MB each with their plans); V8's cache kept all 50: 60 MB.
    expect(retained).toBeLessThan(40 * MB);
  });
});
