import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { OPENAPI_FILE } from '../../src/rest/openapi';

/**
 * Checks REST answers against the committed OpenAPI description: every answer the tests receive from a
 * described route must match the schema of its status (or the `default` refusal), and every refusal from a
 * path of the REST API that no operation describes must be an `Error`. Other paths (GraphQL, metrics, the
 * docs page) are not REST and are not checked.
 */
type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }> };
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
}

const document = JSON.parse(readFileSync(path.resolve(__dirname, '../..', OPENAPI_FILE), 'utf8')) as OpenApi;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
// The schemas' `$ref`s point at `#/components/schemas/…`: each compiled schema carries the components beside it.
const compiled = new Map<object, ValidateFunction>();
function validatorOf(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile({ ...schema, components: document.components });
    compiled.set(schema, validate);
  }
  return validate;
}

const templates = Object.keys(document.paths)
  .map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    params: (template.match(/\{/g) ?? []).length,
  }))
  .sort((a, b) => a.params - b.params);

const REST_PREFIXES = ['/silo/', '/utils/', '/.well-known/', '/healthz', '/readyz'];
const errorSchema = { $ref: '#/components/schemas/Error' };
const PARSER_STATUSES = new Set([400, 431, 505]);

/** Undefined when the answer matches the description, or why it does not. */
export function answerProblem(method: string, url: string, status: number, contentType: string | null, body: unknown): string | undefined {
  // Express routes `/entries/` as `/entries`; the description names each path once, without the slash.
  const pathname = new URL(url, 'http://localhost').pathname.replace(/(.)\/$/, '$1');
  if (!REST_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return undefined;
  // Node's HTTP parser refuses a request it cannot read (headers too large, a broken request line) before
  // the service sees it, with a bare status and no body: not an answer of the API.
  if (contentType === null && PARSER_STATUSES.has(status)) return undefined;
  const template = templates.find((t) => t.pattern.test(pathname))?.template;
  const operation = template ? document.paths[template][method.toLowerCase()] : undefined;
  let schema: object | undefined;
  if (operation) {
    const answer = operation.responses[String(status)] ?? operation.responses.default;
    if (!answer) return `${method} ${template} does not describe status ${status}`;
    schema = answer.content?.['application/json']?.schema;
    if (!schema) return undefined; // bytes, not JSON: nothing to check
  } else {
    if (method === 'HEAD' || method === 'OPTIONS') return undefined;
    if (status < 400) return `${method} ${pathname} answered ${status} but no operation of the description matches it`;
    schema = errorSchema;
  }
  if (!contentType?.startsWith('application/json')) return `${method} ${pathname} answered ${status} as ${contentType}, not JSON`;
  const validate = validatorOf(schema);
  if (validate(body)) return undefined;
  return `${method} ${pathname} ${status} does not match the OpenAPI description: ${ajv.errorsText(validate.errors)}`;
}
