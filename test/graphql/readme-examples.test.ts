import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, type TestServer } from '../helpers/server';
import { apisFor } from './graphql-client';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

/** The README's GraphQL examples: each ```graphql block, with the ```json variables block that follows it, if any. */
function readmeExamples(): { query: string; variables?: Record<string, unknown> }[] {
  const readme = readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## GraphQL'));
  const blocks = [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map(([, lang, body]) => ({ lang, body }));
  return blocks.flatMap((block, i) =>
    block.lang === 'graphql' ? [{ query: block.body, variables: blocks[i + 1]?.lang === 'json' ? JSON.parse(blocks[i + 1].body) : undefined }] : [],
  );
}

test('the query and the mutation the README gives for Sandbox run as they are', async () => {
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
