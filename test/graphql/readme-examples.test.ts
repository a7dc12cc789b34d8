import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, type TestServer } from '../helpers/server';
import { apisFor } from './graphql-client';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

/** The GraphQL guide's examples (docs/graphql.md): each ```graphql block, with the ```json variables block that follows it, if any. */
function readmeExamples(): { query: string; variables?: Record<string, unknown> }[] {
  const section = readFileSync(path.resolve(__dirname, '../../docs/graphql.md'), 'utf8');
  const blocks = [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map(([, lang, body]) => ({ lang, body }));
  return blocks.flatMap((block, i) =>
    block.lang === 'graphql'
      ? [{ query: block.body, variables: blocks[i + 1]?.lang === 'json' ? JSON.parse(blocks[i + 1].body) : undefined }]
      : [],
  );
}

test('the query and the mutation the GraphQL guide gives for Sandbox run as they are', async () => {
  const examples = readmeExamples();
  expect(examples.length).toBeGreaterThanOrEqual(2);
  const { gql } = await apisFor(t.url);
  for (const { query, variables } of [...examples].reverse()) {
    const reply = await gql.query(query, variables);
    expect(reply.status).toBe(200);
    expect(reply.body.errors).toBeUndefined();
  }
  const [list] = examples;
  expect((await gql.query(list.query)).body.data.entries.edges).toHaveLength(1);
});
