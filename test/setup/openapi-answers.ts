import { answerProblem } from '../helpers/openapi-check';

/**
 * Every REST answer a server test receives through fetch is checked against the committed OpenAPI
 * description, whoever sent the request (the `client` helper, or a test calling fetch itself). The check
 * reads a copy of the body on the side, so a test that streams or abandons an answer is not held up; the
 * file fails at its end when any answer did not match.
 */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const problems: string[] = [];
const pending = new Set<Promise<void>>();
const originalFetch = globalThis.fetch;

function methodOf(input: Parameters<typeof fetch>[0], init?: RequestInit): string {
  return (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
}

globalThis.fetch = async (input, init) => {
  const response = await originalFetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!LOOPBACK.has(url.hostname)) return response;
  const method = methodOf(input, init);
  const contentType = response.headers.get('content-type');
  const check = response
    .clone()
    .text()
    .then((text) => {
      let body: unknown = text;
      if (contentType?.startsWith('application/json')) {
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          // not JSON after all: the check says so
        }
      }
      const problem = answerProblem(method, url.pathname + url.search, response.status, contentType, body);
      if (problem) problems.push(problem);
    })
    .catch(() => undefined) // an answer the test abandoned has no body to check
    .finally(() => pending.delete(check));
  pending.add(check);
  return response;
};

afterAll(async () => {
  await Promise.all(pending);
  globalThis.fetch = originalFetch;
  expect(problems).toEqual([]);
});
