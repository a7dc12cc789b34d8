import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import type { DataSource } from 'typeorm';
import { client, tokenFor, newWorkspace } from '../helpers/server';
import { isBackgroundQuery } from '../helpers/background-queries';

export interface GraphQLErrorJson {
  message: string;
  path?: (string | number)[];
  extensions: { code: string; key?: string; fields?: Record<string, unknown>; faults?: unknown[] };
}

export interface GraphQLReply<TData> {
  status: number;
  headers: Headers;
  body: { data?: TData | null; errors?: GraphQLErrorJson[] };
}

/** A reply read as it came, for the shapes typed documents do not describe (batches, refusals). */
export interface RawReply {
  status: number;
  headers: Headers;
  body: any;
}

/** POSTs typed documents (the codegen output) to /graphql with a bearer token. */
export function graphqlClient(base: string, token?: string) {
  const post = async (body: unknown, headers: Record<string, string> = {}): Promise<RawReply> => {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text, for the assertion to show
    }
    return { status: response.status, headers: response.headers, body: parsed };
  };
  return {
    /** One operation from a generated document: data and errors typed by the document. */
    run<TData, TVariables>(document: TypedDocumentNode<TData, TVariables>, variables?: TVariables, headers?: Record<string, string>) {
      return post({ query: print(document), variables }, headers) as Promise<GraphQLReply<TData>>;
    },
    /** A query written inline (for shapes the generated operations do not have: aliases, deep nesting, bad input). */
    query(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<RawReply> {
      return post({ query, variables }, headers);
    },
    post,
  };
}

/** A GraphQL client and a REST client on one new workspace. */
export async function apisFor(base: string, workspace = newWorkspace()) {
  const token = await tokenFor(workspace);
  return { gql: graphqlClient(base, token), rest: client(base, token), token, workspace };
}

/** The first error of a reply, asserting there is one. */
export function firstError(reply: GraphQLReply<unknown>): GraphQLErrorJson {
  expect(reply.body.errors?.length).toBeGreaterThan(0);
  return reply.body.errors![0];
}

/** Records the SQL the server sends, through TypeORM's logger (which sees every query). */
export function recordQueries(dataSource: DataSource) {
  const queries: string[] = [];
  const logger = dataSource.logger;
  const original = logger.logQuery;
  logger.logQuery = function (query, parameters, queryRunner) {
    if (!isBackgroundQuery(query)) queries.push(query);
    return original.call(this, query, parameters, queryRunner);
  };
  return {
    queries,
    clear: () => void (queries.length = 0),
    /** Queries that read the `data` column (quoted, as TypeORM quotes every column), not only its size. */
    readingData: () => queries.filter((q) => /[`"]data[`"]/.test(q.replace(/OCTET_LENGTH\([^)]*\)/gi, ''))),
    /** Queries that measure `data` (its stored bytes) without reading it. */
    measuringData: () => queries.filter((q) => /OCTET_LENGTH\([^)]*\bdata\b/i.test(q)),
    restore: () => void (logger.logQuery = original),
  };
}

const REST_NAMES: Record<string, string> = {
  docSchema: 'doc_schema',
  envSchema: 'env_schema',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  entryId: 'entry_id',
  ownerId: 'owner_id',
  linkScope: 'link_scope',
  linkUrl: 'link_url',
};

/** Top-level names in REST's snake_case, nulls dropped (REST omits absent fields); values untouched. */
const renamed = (object: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(object)
      .filter(([name, value]) => value !== null && value !== undefined && name !== '__typename')
      .map(([name, value]) => [REST_NAMES[name] ?? name, value]),
  );

/** A GraphQL entry in the REST shape, to compare the two APIs field by field. */
export function restShape(entry: any): Record<string, unknown> {
  const { attachments, meta, versions, ...rest } = entry;
  const shaped: Record<string, unknown> = { ...renamed(rest), attachments: attachments.map(renamed), meta: meta.map(renamed) };
  // REST lists every version; GraphQL pages them as a connection.
  if (versions) shaped.versions = versions.edges.map((edge: { node: unknown }) => edge.node);
  return shaped;
}

/**
 * The value with every signed file link's expiry and signature (which covers the expiry) blanked: the same link
 * made a second later compares equal, anything else in it (address, file, sealed workspace) must still match.
 */
export const linksUpToExpiry = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(/([?&])(expires|signature)=[^&"]*/g, '$1$2=…'));
