import type { GatewayExecutor, GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import {
  execute,
  getNamedType,
  isEnumType,
  isLeafType,
  isNonNullType,
  parse,
  type GraphQLEnumType,
  type GraphQLObjectType,
  type GraphQLResolveInfo,
} from 'graphql';
import { compiledExecutor } from '../../src/graphql/plumbing/compiled-executor';
import { createContext } from '../../src/graphql/plumbing/context';
import { DomainError } from '../../src/domain/shared/errors';
import { JobsService } from '../../src/domain/workflows/jobs.service';
import { WorkflowRepository } from '../../src/storage/workflow.repository';
import { buildGraphQLSchema } from '../../src/graphql/schema';
import { storeAttachmentsAndMeta } from '../helpers/entry-extras';
import { einvoice } from '../helpers/documents';
import { newWorkspace, startServer, type TestServer } from '../helpers/server';

/**
 * Every field of Entry resolves through the one field path (src/graphql/field-path.ts): a check registered for
 * Entry runs for each of them, the plain members (id, key...), the ones with their own resolver (draft, data,
 * attachments, meta) and TypeGraphQL's field resolvers (versions, states, related), under graphql-js and under
 * graphql-jit alike; and a check that refuses a field refuses it on both.
 */
let t: TestServer;
const workspace = newWorkspace();
const ids: string[] = [];
/** Each Entry field a check saw, as `field@entryId`, for the request running now. */
let seen: string[] = [];
/** The Entry fields the refusing check refuses. */
let refused = new Set<string>();

const schema = buildGraphQLSchema({
  fieldChecks: {
    Entry: [
      (source, _args, _ctx, info: GraphQLResolveInfo) => {
        seen.push(`${info.fieldName}@${(source as { id: string }).id}`);
      },
      (_source, _args, _ctx, info: GraphQLResolveInfo) => {
        if (refused.has(info.fieldName)) throw new DomainError('forbidden', `${info.fieldName} is not shown to this token`);
      },
    ],
  },
});
const entryFields = Object.values((schema.getType('Entry') as GraphQLObjectType).getFields());
/** A field's required arguments, each given the first value of its enum (`format(name: UBL)`). */
const requiredArguments = (field: (typeof entryFields)[number]): string => {
  const required = field.args.filter((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined);
  if (required.length === 0) return '';
  return `(${required.map((arg) => `${arg.name}: ${(getNamedType(arg.type) as GraphQLEnumType).getValues()[0].name}`).join(', ')})`;
};
/** Every field of Entry: a leaf by its name, any other with its __typename; its required arguments given. */
const EVERY_FIELD = entryFields
  .map((field) => `${field.name}${requiredArguments(field)}${isLeafType(getNamedType(field.type)) ? '' : ' { __typename }'}`)
  .join(' ');
const fileUrl = (file: { entryId: string; id: string }) => `https://files.test/${file.entryId}/${file.id}`;
const formatUrl = (entryId: string, format: string) => `https://files.test/${entryId}/formats/${format}`;
const contextValue = () =>
  createContext(
    t.server.entries,
    { workspaceId: workspace, requestId: 'field-path-test', log: t.server.logger, fileUrl, formatUrl },
    undefined,
    {
      formats: t.server.formats,
      // Entry.jobs reads the store alone: no job is started here, so the runner's signals are never used.
      jobs: new JobsService(
        new WorkflowRepository(t.server.dataSource),
        t.server.entries,
        { wake() {}, settled: async () => {} },
        () => '',
      ),
    },
  );
let runCompiled: GatewayExecutor;
let compilations = 0;

beforeAll(async () => {
  t = await startServer();
  runCompiled = (await compiledExecutor(schema, { compiled: () => (compilations += 1) }).load({ apollo: {} })).executor!;
  for (let i = 0; i < 2; i++)
    ids.push(
      (await t.server.entries.createEntry(workspace, { key: `guarded-${i}`, data: einvoice({ code: `G-${i}` }), sign: i === 1 })).id,
    );
  await storeAttachmentsAndMeta(t.server.dataSource, workspace, ids);
});
afterAll(() => t.close());

const QUERY = `{ entries(first: 2) { edges { node { ${EVERY_FIELD} } } } }`;

async function byGraphqlJs(query: string) {
  seen = [];
  const result = await execute({ schema, document: parse(query), contextValue: contextValue() });
  return { result, seen: [...seen].sort() };
}

async function byGraphqlJit(query: string) {
  const document = parse(query);
  const request = { query } as GatewayGraphQLRequestContext['request'];
  const before = compilations;
  // The first run of a document is graphql-js's; the second is compiled.
  await runCompiled({ document, request, context: contextValue() } as unknown as GatewayGraphQLRequestContext);
  seen = [];
  const result = await runCompiled({ document, request, context: contextValue() } as unknown as GatewayGraphQLRequestContext);
  expect(compilations).toBe(before + 1);
  return { result, seen: [...seen].sort() };
}

test('the query selects every field of Entry, those that need an argument with one (the first value of its enum)', () => {
  expect(entryFields.map((field) => field.name)).toEqual(
    expect.arrayContaining(['id', 'key', 'draft', 'data', 'attachments', 'meta', 'versions', 'createdAt', 'format']),
  );
  for (const field of entryFields) {
    for (const arg of field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined)) {
      expect(isEnumType(getNamedType(arg.type))).toBe(true);
    }
  }
  expect(EVERY_FIELD).toContain('format(name: UBL)');
});

test.each([
  ['graphql-js', byGraphqlJs],
  ['graphql-jit', byGraphqlJit],
])('a check registered for Entry runs for every field of every entry (%s)', async (_name, run) => {
  refused = new Set();
  const { result, seen: checked } = await run(QUERY);
  expect(result.errors).toBeUndefined();
  const nodes = (result.data as { entries: { edges: { node: Record<string, unknown> }[] } }).entries.edges.map((edge) => edge.node);
  expect(nodes).toHaveLength(2);
  expect(nodes[0].data).toBeTruthy();
  const expected = nodes.flatMap((node) => entryFields.map((field) => `${field.name}@${node.id as string}`)).sort();
  expect(checked).toEqual(expected);
});

const REFUSALS: [string, string[]][] = [
  ['nullable fields, a plain member and a resolved one: the fields are null, their siblings shown', ['key', 'data']],
  ['a non-null resolved field: its entry is null', ['meta']],
  ['a non-null plain member', ['folder']],
];

describe.each([
  ['graphql-js', byGraphqlJs],
  ['graphql-jit', byGraphqlJit],
])('a check that refuses a field refuses it, and nothing else (%s)', (_name, run) => {
  test.each(REFUSALS)('%s', async (_case, fields) => {
    refused = new Set(fields);
    try {
      const { result } = await run(`{ entries(first: 1) { edges { node { id key data draft attachments { id } meta { id } folder } } } }`);
      expect((result.errors ?? []).map((error) => [error.path?.at(-1), error.message]).sort()).toEqual(
        fields.map((field) => [field, `${field} is not shown to this token`]).sort(),
      );
      // A non-null field refused nulls its entry, and up to `entries` (non-null too), so the whole data.
      const node =
        (result.data as { entries?: { edges: { node: Record<string, unknown> | null }[] } } | null)?.entries?.edges[0]?.node ?? null;
      if (fields.includes('key'))
        expect(node).toMatchObject({ key: null, data: null, draft: expect.any(Boolean), folder: expect.any(String) });
      else expect(node).toBeNull();
    } finally {
      refused = new Set();
    }
  });
});

test("without checks, a plain member of Entry keeps graphql's default resolver (graphql-jit reads it inline)", () => {
  const plain = buildGraphQLSchema();
  const fields = (plain.getType('Entry') as GraphQLObjectType).getFields();
  expect(fields.id.resolve).toBeUndefined();
  expect(fields.key.resolve).toBeUndefined();
  for (const name of ['draft', 'data', 'attachments', 'meta']) expect(typeof fields[name].resolve).toBe('function');
});
