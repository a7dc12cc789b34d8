import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { API_ROUTES } from '../../src/rest/api.routes';
import { OPENAPI_FILE, openApiText } from '../../src/rest/openapi';
import { answerProblem } from '../helpers/openapi-check';
import { client, startServer, type TestServer } from '../helpers/server';

const committedFile = path.resolve(__dirname, '../..', OPENAPI_FILE);
const committed = readFileSync(committedFile, 'utf8');

interface LintProblem {
  rule: string;
  severity: string;
  message: string;
  pointer?: string;
}

/** Redocly's linter on the committed description, in a process of its own (it ships ES modules only). */
function lint(config: object): LintProblem[] {
  const script = path.resolve(__dirname, '../helpers/openapi-lint.mjs');
  return JSON.parse(execFileSync(process.execPath, [script, committedFile, JSON.stringify(config)], { encoding: 'utf8' })) as LintProblem[];
}

/** Where the linter points at an operation's answers. */
const responsesPointer = (route: { path: string; method: string }) =>
  `#/paths/${route.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${route.method}/responses`;

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

describe('the OpenAPI description', () => {
  test(`${OPENAPI_FILE} is what the route schemas describe (else run \`npm run openapi:emit\`)`, () => {
    expect(openApiText()).toBe(committed);
  });

  test('is served at /silo/v1/openapi.json without a token, as committed', async () => {
    const reply = await fetch(`${t.url}/silo/v1/openapi.json`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await reply.text()).toBe(committed);
    expect((await client(t.url).post('/silo/v1/openapi.json', {})).status).toBe(405);
  });

  test('is OpenAPI 3.1 whose schemas compile, and every operation has an id and a refusal', () => {
    const document = JSON.parse(committed);
    expect(document.openapi).toBe('3.1.0');
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      expect(() => ajv.compile({ ...(schema as object), components: document.components })).not.toThrow();
      expect(name).toMatch(/^[A-Za-z]+$/);
    }
    const ids = new Set<string>();
    for (const [route, methods] of Object.entries<Record<string, any>>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(methods)) {
        expect(operation.operationId).toEqual(expect.any(String));
        ids.add(operation.operationId);
        expect(operation.responses.default.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
        for (const name of route.match(/\{([^}]+)\}/g) ?? []) {
          expect(operation.parameters).toContainEqual(expect.objectContaining({ name: name.slice(1, -1), in: 'path', required: true }));
        }
        expect(['get', 'post', 'put', 'delete', 'patch']).toContain(method);
      }
    }
    expect(ids.size).toBe(Object.values(document.paths).reduce((n: number, methods: any) => n + Object.keys(methods).length, 0));
  });

  test('the answer check refuses answers the description does not allow', () => {
    expect(answerProblem('GET', '/utils/v1/ping', 200, 'application/json', { ping: 'pong' })).toBeUndefined();
    expect(answerProblem('GET', '/utils/v1/ping', 200, 'application/json', { ping: 'pang' })).toMatch(/does not match/);
    expect(answerProblem('GET', '/silo/v1/entries', 200, 'application/json', { list: [{ id: 'x' }], limit: 20 })).toMatch(/does not match/);
    expect(answerProblem('GET', '/silo/v1/nowhere', 200, 'application/json', {})).toMatch(/no operation/);
    expect(
      answerProblem('GET', '/silo/v1/nowhere', 404, 'application/json', { key: 'not-found', code: 'not-found', message: 'no such path' }),
    ).toBeUndefined();
    expect(answerProblem('GET', '/silo/v1/nowhere', 404, 'application/json', { key: 'not-found', message: 'no such path' })).toMatch(
      /required property 'code'/,
    );
    expect(answerProblem('GET', '/silo/v1/entries/x', 404, 'application/json', { key: 'nope', message: 'm' })).toMatch(/does not match/);
    expect(answerProblem('POST', '/graphql', 200, 'application/json', { anything: true })).toBeUndefined();
  });

  test("every operation that can refuse a request lists its 4xx answers, and Redocly's recommended rules find nothing else", () => {
    // The routes that cannot refuse anything: no token, no parameter, no body, and no refusal in their table.
    const refusingNothing = API_ROUTES.filter(
      (route) => route.refusals.length === 0 && !Object.keys(route.answers).some((status) => status.startsWith('4')),
    );
    for (const route of refusingNothing) {
      expect({ route: route.operationId, auth: route.auth, params: route.params, query: route.query, body: route.body }).toEqual({
        route: route.operationId,
        auth: 'none',
      });
    }
    const problems = lint({
      extends: ['recommended'],
      rules: {
        'operation-4xx-response': 'error',
        // The package is not licensed for distribution: the description names no licence.
        'info-license': 'off',
        // The contract's paths (`/entries/key/{key}` beside `/entries/{id}/related`): the routes are mounted literal first.
        'no-ambiguous-paths': 'off',
      },
    });
    const excused = new Set(refusingNothing.map(responsesPointer));
    expect(problems.filter((problem) => !(problem.rule === 'operation-4xx-response' && excused.has(problem.pointer ?? '')))).toEqual([]);
    // The rule does run: it finds exactly the operations that cannot refuse.
    expect(problems.map((problem) => problem.pointer).sort()).toEqual([...excused].sort());
  });
});
