import type { TSchema } from '@sinclair/typebox';
import { NAMED_SCHEMAS } from './api-schemas';
import { API_ROUTES, type RestServices } from './api.routes';
import { REFUSALS, type ApiRoute } from './route-table';

/** Where the description is committed (`npm run openapi:emit` writes it; a test fails when it is stale). */
export const OPENAPI_FILE = 'openapi/openapi.json';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const COMPONENTS = '#/components/schemas/';
const namedIds = new Set(NAMED_SCHEMAS.map((schema) => schema.$id as string));

/**
 * A schema as the description shows it: a named schema inside another becomes a `$ref` to its component,
 * and the checks' own options (`expected`) are left out. TypeBox's symbols do not survive JSON anyway.
 */
function shown(schema: unknown, top = true): Json {
  if (Array.isArray(schema)) return schema.map((item) => shown(item, false));
  if (schema === null || typeof schema !== 'object') return schema as Json;
  const object = schema as Record<string, unknown>;
  if (!top && typeof object.$id === 'string' && namedIds.has(object.$id)) return { $ref: `${COMPONENTS}${object.$id}` };
  const out: Record<string, Json> = {};
  for (const [name, value] of Object.entries(object)) {
    if (name === '$id' || name === 'expected') continue;
    // A recursive schema names itself by its id (a workflow's steps, whose branches hold steps): its component.
    out[name] = name === '$ref' && typeof value === 'string' && namedIds.has(value) ? `${COMPONENTS}${value}` : shown(value, false);
  }
  return out;
}

/** A schema where an operation uses it: its component when it is named. */
const used = (schema: TSchema): Json =>
  typeof schema.$id === 'string' && namedIds.has(schema.$id) ? { $ref: `${COMPONENTS}${schema.$id}` } : shown(schema);

function parameters(operation: ApiRoute<RestServices>): Json[] {
  const list: Json[] = [];
  for (const [where, schema] of [
    ['path', operation.params],
    ['query', operation.query],
  ] as const) {
    if (!schema) continue;
    const required = new Set(schema.required ?? []);
    for (const [name, property] of Object.entries(schema.properties)) {
      const { description, ...rest } = shown(property) as Record<string, Json>;
      list.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  return list;
}

function operationObject(operation: ApiRoute<RestServices>): Json {
  const responses: Record<string, Json> = {};
  for (const [status, answer] of Object.entries(operation.answers)) {
    const mediaType = answer.mediaType ?? 'application/json';
    // No schema: a body of that media type, unchecked (bytes, this document); neither: no body at all (304).
    const content = answer.schema ? { [mediaType]: { schema: used(answer.schema) } } : answer.mediaType ? { [mediaType]: {} } : undefined;
    for (const [type, alternative] of Object.entries(answer.alternatives ?? {})) if (content) content[type] = { schema: used(alternative) };
    responses[status] = { description: answer.description, ...(content ? { content } : {}) };
  }
  // Each refusal the operation can answer, with the one shared error body (unless its answer says more).
  const errorBody = { content: { 'application/json': { schema: { $ref: `${COMPONENTS}Error` } } } };
  for (const status of operation.refusals) responses[status] ??= { description: REFUSALS[status], ...errorBody };
  // Whatever a token or a link lets in takes its workspace's turn (src/http/workspace-admission.ts).
  if (operation.auth === 'token' || operation.auth === 'token-or-link') responses[429] ??= { description: REFUSALS[429], ...errorBody };
  responses.default = { description: 'A refusal: the status and `key` of the contract.', ...errorBody };
  const object: Record<string, Json> = { operationId: operation.operationId, summary: operation.summary, tags: [operation.tag] };
  const params = parameters(operation);
  if (params.length > 0) object.parameters = params;
  if (operation.body) {
    const { schema, mediaType = 'application/json', required = true, alternatives = {} } = operation.body;
    const content: Record<string, Json> = { [mediaType]: { schema: used(schema) } };
    for (const [type, alternative] of Object.entries(alternatives)) content[type] = { schema: used(alternative) };
    object.requestBody = { required, content };
  }
  object.responses = responses;
  if (operation.auth === 'none') object.security = [];
  if (operation.auth === 'token-or-link') object.security = [{ bearer: [] }, { fileLink: [] }];
  return object;
}

/** The OpenAPI 3.1 description of the REST API, made from the route tables. */
export function openApiDocument(): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const operation of API_ROUTES) (paths[operation.path] ??= {})[operation.method] = operationObject(operation);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Document entry service',
      version: '1',
      description:
        'GOBL business documents stored as entries of a workspace. Every route needs a bearer token (a JWT naming the workspace) unless it says otherwise.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    tags: [
      { name: 'entries', description: 'Stored documents.' },
      { name: 'files', description: 'Files on entries.' },
      { name: 'meta', description: 'Meta rows of entries.' },
      { name: 'spool', description: 'Temporary files of a workspace.' },
      { name: 'events', description: "The feed of changes of a workspace's entries." },
      {
        name: 'webhooks',
        description:
          "Signed POSTs of a workspace's events to its endpoints (Standard Webhooks), with retries, and the record of each attempt.",
      },
      {
        name: 'sequences',
        description:
          "Series of codes (the hosted API's sequence service): each entry takes the next code, without gaps or repeats, signed into the series' chain.",
      },
      {
        name: 'transform',
        description:
          "Workflows and their jobs (the hosted API's transform service): steps run over an entry by built-in providers, durably, once each.",
      },
      { name: 'gobl', description: 'The document engine, stateless.' },
      { name: 'keys', description: 'Signature keys.' },
      { name: 'utils', description: 'Helpers.' },
      { name: 'service', description: 'The service itself.' },
    ],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        fileLink: {
          type: 'apiKey',
          in: 'query',
          name: 'signature',
          description: "A file's signed link: the query of its `url` (`expires`, `scope`, `signature`), valid for FILE_LINK_LIFETIME.",
        },
      },
      schemas: Object.fromEntries(NAMED_SCHEMAS.map((schema) => [schema.$id as string, shown(schema)])),
    },
  };
}

/** The description as committed: two-space JSON and a final newline. */
export const openApiText = (): string => `${JSON.stringify(openApiDocument(), null, 2)}\n`;
