import { GraphQLError } from 'graphql';
import { DomainError, type ErrorKey } from '../../../src/domain/shared/errors';
import { formatError } from '../../../src/graphql/plumbing/format-error';
import { CONTRACT_KEYS, ERROR_CONTRACT } from '../../helpers/error-contract';
import { newWorkspace, startServer, tokenFor, type TestServer } from '../../helpers/server';
import { GetEntryDocument, ListEntriesDocument } from '../generated/graphql';
import { graphqlClient } from '../graphql-client';

/** As graphql-js hands a resolver's error to Apollo: wrapped, with a path. */
const fromResolver = (error: Error) => new GraphQLError(error.message, { path: ['entries'], originalError: error });
const formatted = (error: GraphQLError) =>
  formatError({ message: error.message, path: error.path, extensions: { ...error.extensions } }, error);

/** The keys docs/graphql.md gives a GraphQL code (forbidden and range-not-satisfiable are REST's alone). */
const GRAPHQL_KEYS = CONTRACT_KEYS.filter((key) => ERROR_CONTRACT[key].graphql !== undefined) as ErrorKey[];

describe("formatError: a domain error with the guide's GraphQL code", () => {
  test.each(GRAPHQL_KEYS)('%s: code, key, fields and faults in extensions', (key) => {
    const fields = { data: { doc: { supplier: { name: 'is required' } } } };
    const faults = [{ provider: 'gobl', code: 'GOBL-X-01', message: 'm', paths: ['$.doc'] }];
    const result = formatted(fromResolver(new DomainError(key, `a ${key} problem`, { fields, faults })));
    expect(result).toEqual({
      message: `a ${key} problem`,
      path: ['entries'],
      extensions: { code: ERROR_CONTRACT[key].graphql, key, fields, faults },
    });
    const bare = formatted(fromResolver(new DomainError(key, 'bare')));
    expect(bare.extensions).toEqual({ code: ERROR_CONTRACT[key].graphql, key });
  });

  test.each([
    ['a bare Error', new Error('connect ECONNREFUSED 10.0.0.5:3306 password=hunter2')],
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('%s is masked as INTERNAL_SERVER_ERROR', (_name, error) => {
    expect(formatted(fromResolver(error))).toEqual({
      message: 'internal error',
      path: ['entries'],
      extensions: { code: 'INTERNAL_SERVER_ERROR', key: 'internal' },
    });
  });

  test("GraphQL's own coded errors keep their code and get key input", () => {
    const error = new GraphQLError('Cannot query field "nope" on type "Query".', { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    expect(formatted(error)).toEqual({ message: error.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', key: 'input' } });
  });
});

describe('over HTTP', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  test('an unexpected error is masked for the client and logged with the request id', async () => {
    const lines: { bindings: Record<string, unknown>; fields: Record<string, unknown>; message: string }[] = [];
    const child = jest.spyOn(t.server.logger, 'child').mockImplementation((bindings: Record<string, unknown>) => {
      const record = (fields: Record<string, unknown>, message: string) => void lines.push({ bindings, fields, message });
      return { info: () => undefined, warn: record, error: record, child: () => undefined } as never;
    });
    const fail = jest.spyOn(t.server.entries, 'listEntries').mockRejectedValue(new Error('connect ECONNREFUSED password=hunter2'));
    try {
      const gql = graphqlClient(t.url, await tokenFor(newWorkspace()));
      const reply = await gql.run(ListEntriesDocument, {}, { 'x-request-id': 'trace-gql-1' });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('x-request-id')).toBe('trace-gql-1');
      expect(reply.body).toEqual({
        data: null,
        errors: [
          {
            message: 'internal error',
            locations: expect.any(Array),
            path: ['entries'],
            extensions: { code: 'INTERNAL_SERVER_ERROR', key: 'internal' },
          },
        ],
      });
      expect(JSON.stringify(reply.body)).not.toContain('hunter2');
      const logged = lines.filter((l) => l.message === 'graphql operation failed');
      expect(logged).toHaveLength(1);
      expect(logged[0].bindings).toEqual({ reqId: 'trace-gql-1' });
      expect((logged[0].fields.err as Error).message).toContain('ECONNREFUSED');
      expect(logged[0].fields.path).toBe('entries');
    } finally {
      child.mockRestore();
      fail.mockRestore();
    }
  });

  test('an expected error is not logged as a failure', async () => {
    const error = jest.fn();
    const child = jest.spyOn(t.server.logger, 'child').mockImplementation(() => ({ info: () => undefined, error, warn: error }) as never);
    try {
      const gql = graphqlClient(t.url, await tokenFor(newWorkspace()));
      const reply = await gql.run(GetEntryDocument, { id: '01a1fcbd-04c0-72ff-a05d-e50025768049' });
      expect(reply.body.errors![0].extensions.code).toBe('NOT_FOUND');
      expect(error).not.toHaveBeenCalled();
    } finally {
      child.mockRestore();
    }
  });
});
