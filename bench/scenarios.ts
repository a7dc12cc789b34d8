import { sampleInvoice } from '../src/domain/transfer/sample-entries';

/** What the scenarios need from the seeded database and the running service. */
export interface ScenarioContext {
  /** Token of the seeded workspace (lists and fetches). */
  seededToken: string;
  /** Token of the workspace the create scenarios write to, so the seeded lists stay as seeded. */
  createToken: string;
  /** Cursor that opens the deep page, reached by walking the list with cursors. */
  deepCursor: string;
  /** Ids of seeded entries from all over the list, for fetches. */
  ids: string[];
  /** A run tag for unique keys. */
  tag: string;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Changes each request (autocannon's setupRequest), e.g. a fresh key or another id. */
  setupRequest?: (request: HttpRequest) => HttpRequest;
}

/** Which fixed request rate a scenario runs at: reads at one rate, creates at another. */
export type RateGroup = 'read' | 'create';

export interface HttpScenario {
  id: string;
  title: string;
  api: 'rest' | 'graphql';
  rateGroup: RateGroup;
  request(ctx: ScenarioContext): HttpRequest;
  /** Checks one response before the load starts; returns a problem, or undefined when it is right. */
  check(status: number, body: any): string | undefined;
}

/** The invoice every create scenario sends, and the engine-only and in-process scenarios process. */
export const INVOICE = sampleInvoice(10);
const INVOICE_JSON = JSON.stringify(INVOICE);

export const PAGE_SIZE = 20;
/** Numbers the keys of the fresh-key scenario across all its runs. */
let keySerial = 0;
export const FOLDER = 'purchases';

const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The fields REST returns for a listed entry, so both APIs do the same work (REST has next_cursor, not a cursor per entry). */
const ENTRY_FIELDS =
  'id key folder docSchema envSchema state draft signed invalid digest { alg val } snippet tags attachments { id } meta { id } ' +
  'faults { provider code message paths } createdAt updatedAt';
export const GRAPHQL_LIST = JSON.stringify({
  query: `query List($first: Int) { entries(first: $first) { edges { node { ${ENTRY_FIELDS} } } pageInfo { hasNextPage endCursor } } }`,
  variables: { first: PAGE_SIZE },
});
const GRAPHQL_CREATE = JSON.stringify({
  query: `mutation Create($input: CreateEntryInput!) { createEntry(input: $input) { entry { ${ENTRY_FIELDS} data } } }`,
  variables: { input: { data: INVOICE } },
});

const restPage = (status: number, body: any) =>
  status !== 200
    ? `status ${status}: ${JSON.stringify(body).slice(0, 200)}`
    : body?.list?.length === PAGE_SIZE
      ? undefined
      : `expected ${PAGE_SIZE} entries`;
const restEntry = (status: number, body: any) =>
  status === 200 && typeof body?.id === 'string' && body.data ? undefined : `status ${status}: ${JSON.stringify(body).slice(0, 200)}`;
const graphqlErrors = (status: number, body: any) =>
  status !== 200 || body?.errors ? `status ${status}: ${JSON.stringify(body?.errors ?? body).slice(0, 300)}` : undefined;

export const SCENARIOS: HttpScenario[] = [
  {
    id: 'list-page-1',
    title: 'list page 1',
    api: 'rest',
    rateGroup: 'read',
    request: (ctx) => ({ method: 'GET', path: `/silo/v1/entries?limit=${PAGE_SIZE}`, headers: auth(ctx.seededToken) }),
    check: restPage,
  },
  {
    id: 'list-deep',
    title: 'list deep page (cursor)',
    api: 'rest',
    rateGroup: 'read',
    request: (ctx) => ({
      method: 'GET',
      path: `/silo/v1/entries?limit=${PAGE_SIZE}&cursor=${ctx.deepCursor}`,
      headers: auth(ctx.seededToken),
    }),
    check: restPage,
  },
  {
    id: 'list-folder',
    title: `list folder=${FOLDER}`,
    api: 'rest',
    rateGroup: 'read',
    request: (ctx) => ({ method: 'GET', path: `/silo/v1/entries?limit=${PAGE_SIZE}&folder=${FOLDER}`, headers: auth(ctx.seededToken) }),
    check: (status, body) =>
      restPage(status, body) ?? (body.list.every((e: any) => e.folder === FOLDER) ? undefined : 'another folder listed'),
  },
  {
    id: 'fetch-by-id',
    title: 'fetch by id',
    api: 'rest',
    rateGroup: 'read',
    request: (ctx) => {
      let n = 0;
      return {
        method: 'GET',
        path: `/silo/v1/entries/${ctx.ids[0]}`,
        headers: auth(ctx.seededToken),
        setupRequest: (request) => ({ ...request, path: `/silo/v1/entries/${ctx.ids[n++ % ctx.ids.length]}` }),
      };
    },
    check: restEntry,
  },
  {
    id: 'graphql-list',
    title: 'GraphQL entries(first: 20)',
    api: 'graphql',
    rateGroup: 'read',
    request: (ctx) => ({ method: 'POST', path: '/graphql', headers: json(ctx.seededToken), body: GRAPHQL_LIST }),
    check: (status, body) =>
      graphqlErrors(status, body) ?? (body?.data?.entries?.edges?.length === PAGE_SIZE ? undefined : `expected ${PAGE_SIZE} edges`),
  },
  {
    id: 'create',
    title: 'create 10-line invoice',
    api: 'rest',
    rateGroup: 'create',
    request: (ctx) => ({ method: 'POST', path: '/silo/v1/entries', headers: json(ctx.createToken), body: `{"data":${INVOICE_JSON}}` }),
    check: restEntry,
  },
  {
    id: 'create-key',
    title: 'create with a fresh key',
    api: 'rest',
    rateGroup: 'create',
    request: (ctx) => {
      const body = () => `{"key":"bench-${ctx.tag}-${keySerial++}","data":${INVOICE_JSON}}`;
      return {
        method: 'POST',
        path: '/silo/v1/entries',
        headers: json(ctx.createToken),
        body: body(),
        setupRequest: (request) => ({ ...request, body: body() }),
      };
    },
    check: restEntry,
  },
  {
    id: 'create-derived',
    title: 'create a copy of an entry (previous_id)',
    api: 'rest',
    rateGroup: 'create',
    // In the seeded workspace: the previous entry must be one of the creating workspace's.
    request: (ctx) => ({
      method: 'POST',
      path: '/silo/v1/entries',
      headers: json(ctx.seededToken),
      body: JSON.stringify({ previous_id: ctx.ids[0] }),
    }),
    check: restEntry,
  },
  {
    id: 'graphql-create',
    title: 'GraphQL createEntry',
    api: 'graphql',
    rateGroup: 'create',
    request: (ctx) => ({ method: 'POST', path: '/graphql', headers: json(ctx.createToken), body: GRAPHQL_CREATE }),
    check: (status, body) => graphqlErrors(status, body) ?? (body?.data?.createEntry?.entry?.id ? undefined : 'no entry id'),
  },
];

/** The scenario whose fixed-concurrency throughput sets the fixed rate of its group. */
export const RATE_SETTERS: Record<RateGroup, string> = { read: 'list-page-1', create: 'create' };

/** True when the service answers GraphQL at /graphql. */
export async function graphqlAvailable(url: string, token: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: json(token),
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    const body = (await response.json()) as { data?: { __typename?: string } };
    return response.ok && body?.data?.__typename === 'Query';
  } catch {
    return false;
  }
}

/** Sends one request of a scenario and checks its answer. */
export async function checkScenario(url: string, scenario: HttpScenario, ctx: ScenarioContext): Promise<string | undefined> {
  const request = scenario.request(ctx);
  const response = await fetch(`${url}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the check reports it
  }
  return scenario.check(response.status, body);
}
