import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { Router } from 'express';
import { methodNotAllowed } from '../http/refusal';
import {
  BuildBody,
  CorrectBody,
  CreateEntryBody,
  DownloadParams,
  EntryDataSchema,
  EntryStateParams,
  EntryStatesParams,
  EntryVersionParams,
  StateBody,
  StateListSchema,
  StateSchema,
  UpdateEntryBody,
  EntryFilesParams,
  EntryIdParams,
  FileLinkQuery,
  FileJsonBody,
  FileMultipartBody,
  FileParams,
  FileSchema,
  EntryKeyParams,
  EntryPageSchema,
  EntrySchema,
  ErrorSchema,
  GoblAnswerSchema,
  HealthSchema,
  JwksSchema,
  ListEntriesQuery,
  RelatedEntriesQuery,
  EntryRelatedQuery,
  MetaBody,
  MetaParams,
  MetaRefParams,
  MetaRefQuery,
  MetaSchema,
  SearchPageSchema,
  SearchQuery,
  NAMED_SCHEMAS,
  PingSchema,
  SignBody,
  SpoolItemSchema,
  SpoolKeyParams,
  SpoolUploadBody,
  UuidQuery,
  UuidSchema,
} from './api-schemas';

/** Where the description is committed (`npm run openapi:emit` writes it; a test fails when it is stale). */
export const OPENAPI_FILE = 'openapi/openapi.json';
export const OPENAPI_PATH = '/silo/v1/openapi.json';

interface Answer {
  description: string;
  schema?: TSchema;
  /** The media type of the answer, `application/json` unless said. */
  mediaType?: string;
}

/** One operation of the REST API, described by the schemas its route checks and answers with. */
export interface ApiOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The path in OpenAPI's form: `/silo/v1/entries/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** False for the routes that need no token. */
  auth?: boolean;
  /** True for the routes a file's signed link opens without a token. */
  fileLink?: boolean;
  params?: TObject;
  query?: TObject;
  /** The request body by media type (JSON when only `schema` is given). */
  body?: { schema: TSchema; mediaType?: string; required?: boolean; alternatives?: Record<string, TSchema> };
  answers: Record<string, Answer>;
}

const entryAnswer: Answer = { description: 'The entry, with its envelope.', schema: EntrySchema };
const fileAnswer: Answer = { description: 'The file.', schema: FileSchema };
const metaAnswer: Answer = { description: 'The meta row.', schema: MetaSchema };
/** A file's bytes, as both download paths answer them. */
const bytesAnswers: Record<string, Answer> = {
  200: { description: 'The bytes.', mediaType: 'application/octet-stream' },
  206: { description: 'The requested range of the bytes.', mediaType: 'application/octet-stream' },
  304: { description: 'Not changed since the ETag given in If-None-Match.' },
  403: { description: 'A signed link that has expired or was altered, or a private file\'s.', schema: ErrorSchema },
  416: { description: 'The range lies outside the file.', schema: ErrorSchema },
};

/** The REST API, operation by operation. */
export const API_OPERATIONS: ApiOperation[] = [
  {
    method: 'get', path: '/silo/v1/entries', operationId: 'listEntries', tag: 'entries', summary: 'List the workspace\'s entries, newest first (oldest first with `ascending`).',
    query: ListEntriesQuery, answers: { 200: { description: 'A page of entries.', schema: EntryPageSchema } },
  },
  {
    method: 'get', path: '/silo/v1/entries/related', operationId: 'listRelatedEntries', tag: 'entries',
    summary: 'List the entries whose documents name the UUID, or that its document names; each with its `context`.',
    query: RelatedEntriesQuery, answers: { 200: { description: 'A page of related entries.', schema: EntryPageSchema } },
  },
  {
    method: 'get', path: '/silo/v1/entries/{id}/related', operationId: 'listEntryRelated', tag: 'entries',
    summary: 'List the entries related to an entry (404 when the workspace has none of that id); each with its `context`.',
    params: EntryIdParams, query: EntryRelatedQuery, answers: { 200: { description: 'A page of related entries.', schema: EntryPageSchema } },
  },
  {
    method: 'post', path: '/silo/v1/entries', operationId: 'createEntry', tag: 'entries', summary: 'Create an entry: the document is normalized, calculated, validated and stored.',
    body: { schema: CreateEntryBody }, answers: { 200: entryAnswer },
  },
  {
    method: 'get', path: '/silo/v1/entries/{id}', operationId: 'getEntry', tag: 'entries', summary: 'One entry, with its envelope.',
    params: EntryIdParams, answers: { 200: entryAnswer },
  },
  {
    method: 'put', path: '/silo/v1/entries/{id}', operationId: 'putEntry', tag: 'entries', summary: 'Create an entry with a chosen UUID (409 when it is taken).',
    params: EntryIdParams, body: { schema: CreateEntryBody }, answers: { 200: entryAnswer },
  },
  {
    method: 'patch', path: '/silo/v1/entries/{id}', operationId: 'updateEntry', tag: 'entries',
    summary: 'Change an entry: new data or a patch of its envelope (a new version), a folder, a signature. If-Match names the version the change is made from; a change made meanwhile is 409.',
    params: EntryIdParams, body: { schema: UpdateEntryBody }, answers: { 200: entryAnswer },
  },
  {
    method: 'get', path: '/silo/v1/entries/{id}/versions/{version}', operationId: 'getEntryVersion', tag: 'entries', summary: 'The envelope of one version of an entry.',
    params: EntryVersionParams, answers: { 200: { description: 'The version and its envelope.', schema: EntryDataSchema } },
  },
  {
    method: 'get', path: '/silo/v1/entries/{entry_id}/states', operationId: 'listEntryStates', tag: 'entries', summary: 'The states of an entry, newest first.',
    params: EntryStatesParams, answers: { 200: { description: 'The states.', schema: StateListSchema } },
  },
  {
    method: 'post', path: '/silo/v1/entries/{entry_id}/states', operationId: 'addEntryState', tag: 'entries', summary: 'Add a state to an entry, holding from now; it becomes the entry\'s `state`.',
    params: EntryStatesParams, body: { schema: StateBody }, answers: { 200: { description: 'The state.', schema: StateSchema } },
  },
  {
    method: 'put', path: '/silo/v1/entries/{entry_id}/states/{at}', operationId: 'putEntryState', tag: 'entries', summary: 'Add a state holding from a given moment, or replace the state at that moment.',
    params: EntryStateParams, body: { schema: StateBody }, answers: { 200: { description: 'The state.', schema: StateSchema } },
  },
  {
    method: 'get', path: '/silo/v1/entries/key/{key}', operationId: 'getEntryByKey', tag: 'entries', summary: 'One entry by its idempotency key.',
    params: EntryKeyParams, answers: { 200: entryAnswer },
  },
  {
    method: 'get', path: '/silo/v1/search', operationId: 'searchEntries', tag: 'entries',
    summary: 'The workspace\'s entries that have every word of `q` (numbering, parties and tax ids, totals, dates, key, folder, state), best match first.',
    query: SearchQuery, answers: { 200: { description: 'A page of matching entries.', schema: SearchPageSchema } },
  },
  {
    method: 'get', path: '/silo/v1/entries/{entry_id}/meta/{key}', operationId: 'getMeta', tag: 'meta', summary: 'One meta row of an entry, by its key (a `secure` row too).',
    params: MetaParams, answers: { 200: metaAnswer },
  },
  {
    method: 'put', path: '/silo/v1/entries/{entry_id}/meta/{key}', operationId: 'upsertMeta', tag: 'meta', summary: 'Create or replace a meta row of an entry.',
    params: MetaParams, body: { schema: MetaBody }, answers: { 200: metaAnswer },
  },
  {
    method: 'delete', path: '/silo/v1/entries/{entry_id}/meta/{key}', operationId: 'deleteMeta', tag: 'meta', summary: 'Delete a meta row of an entry; answers the row as it was.',
    params: MetaParams, answers: { 200: metaAnswer },
  },
  {
    method: 'get', path: '/silo/v1/entries/meta/{key}/{ref}', operationId: 'getMetaByRef', tag: 'meta', summary: 'A meta row found by its key and reference, within the workspace.',
    params: MetaRefParams, query: MetaRefQuery, answers: { 200: metaAnswer },
  },
  {
    method: 'post', path: '/silo/v1/entries/{entry_id}/files', operationId: 'uploadFile', tag: 'files',
    summary: 'Add a file to an entry: multipart (streamed, hashed on the way in), or JSON with the bytes in base64. Over FILE_SIZE_LIMIT is 413.',
    params: EntryFilesParams, body: { schema: FileMultipartBody, mediaType: 'multipart/form-data', alternatives: { 'application/json': FileJsonBody } },
    answers: { 200: fileAnswer },
  },
  {
    method: 'get', path: '/silo/v1/entries/{entry_id}/files/{id}', operationId: 'getFileData', tag: 'files',
    summary: 'The bytes of a file, or of one of its earlier versions, as at its `url` (the hosted API\'s download).',
    params: DownloadParams, query: FileLinkQuery, fileLink: true, answers: bytesAnswers,
  },
  {
    method: 'get', path: '/silo/v1/entries/{entry_id}/files/{id}/meta', operationId: 'getFile', tag: 'files', summary: 'A file\'s metadata; `url` is where its bytes are.',
    params: FileParams, answers: { 200: fileAnswer },
  },
  {
    method: 'put', path: '/silo/v1/entries/{entry_id}/files/{id}', operationId: 'putFile', tag: 'files',
    summary: 'Add a file with a chosen UUID, or replace that file: its earlier content is kept as a version in `previous`.',
    params: FileParams, body: { schema: FileMultipartBody, mediaType: 'multipart/form-data', alternatives: { 'application/json': FileJsonBody } },
    answers: { 200: fileAnswer },
  },
  {
    method: 'put', path: '/silo/v1/entries/{entry_id}/files/{id}/download', operationId: 'uploadFileContent', tag: 'files',
    summary: 'The bytes of a placeholder file, as they are: they must match its declared `sha256` and `size`; then it is `stored`.',
    params: FileParams, body: { schema: Type.String({ contentMediaType: 'application/octet-stream' }), mediaType: 'application/octet-stream' },
    answers: { 200: fileAnswer },
  },
  {
    method: 'get', path: '/silo/v1/entries/{entry_id}/files/{id}/download', operationId: 'downloadFile', tag: 'files',
    summary: 'The bytes of a file, or of one of its earlier versions: its media type, length, an ETag of its SHA-256, and single byte ranges. With a token, or by the signed link of its `url`.',
    params: DownloadParams, query: FileLinkQuery, fileLink: true, answers: bytesAnswers,
  },
  {
    method: 'post', path: '/silo/v1/spool', operationId: 'uploadSpoolFile', tag: 'spool',
    summary: 'Spool a temporary file (JSON, the bytes in base64): answers the key it is found by until it expires (SPOOL_LIFETIME). Over FILE_SIZE_LIMIT, or past SPOOL_ITEMS_LIMIT live files in the workspace, is 413.',
    body: { schema: SpoolUploadBody }, answers: { 200: { description: 'The spooled file.', schema: SpoolItemSchema } },
  },
  {
    method: 'get', path: '/silo/v1/spool/{key}', operationId: 'downloadSpoolFile', tag: 'spool',
    summary: 'The bytes of a spooled file, with its media type, length and an ETag of its SHA-256; an expired or unknown key is 404.',
    params: SpoolKeyParams, answers: { 200: { description: 'The bytes.', mediaType: 'application/octet-stream' } },
  },
  {
    method: 'delete', path: '/silo/v1/spool/{key}', operationId: 'deleteSpoolFile', tag: 'spool', summary: 'Delete a spooled file; an expired or unknown key is 404.',
    params: SpoolKeyParams, answers: { 204: { description: 'Deleted.' } },
  },
  {
    method: 'post', path: '/silo/v1/gobl/build', operationId: 'buildGobl', tag: 'gobl', summary: 'Calculate and validate a document; nothing is stored.',
    body: { schema: BuildBody }, answers: { 200: { description: 'The document, or its envelope.', schema: GoblAnswerSchema } },
  },
  {
    method: 'post', path: '/silo/v1/gobl/sign', operationId: 'signGobl', tag: 'gobl', summary: 'Calculate, validate and sign a document; nothing is stored.',
    body: { schema: SignBody }, answers: { 200: { description: 'The signed envelope.', schema: GoblAnswerSchema } },
  },
  {
    method: 'post', path: '/silo/v1/gobl/correct', operationId: 'correctGobl', tag: 'gobl', summary: 'Build the corrective document of an invoice, or the schema of its correction options; nothing is stored.',
    body: { schema: CorrectBody }, answers: { 200: { description: 'The corrective document, its envelope, or the options\' JSON Schema.', schema: GoblAnswerSchema } },
  },
  {
    method: 'get', path: '/silo/v1/keys', operationId: 'listSigningKeys', tag: 'keys', summary: 'The public keys of the service\'s envelope signatures.',
    answers: { 200: { description: 'A JWKS.', schema: JwksSchema } },
  },
  {
    method: 'get', path: '/.well-known/jwks.json', operationId: 'jwks', tag: 'keys', summary: 'The same keys, without a token.', auth: false,
    answers: { 200: { description: 'A JWKS.', schema: JwksSchema } },
  },
  {
    method: 'get', path: OPENAPI_PATH, operationId: 'openapi', tag: 'service', summary: 'This description.', auth: false,
    answers: { 200: { description: 'An OpenAPI 3.1 document.', mediaType: 'application/json' } },
  },
  {
    method: 'get', path: '/utils/v1/ping', operationId: 'ping', tag: 'utils', summary: 'Test a token.',
    answers: { 200: { description: 'The token is valid.', schema: PingSchema } },
  },
  {
    method: 'get', path: '/utils/v1/uuid', operationId: 'uuid', tag: 'utils', summary: 'A new UUID.',
    query: UuidQuery, answers: { 200: { description: 'The UUID and its version.', schema: UuidSchema } },
  },
  {
    method: 'get', path: '/healthz', operationId: 'health', tag: 'service', summary: 'Liveness.', auth: false,
    answers: { 200: { description: 'The process answers.', schema: HealthSchema } },
  },
  {
    method: 'get', path: '/readyz', operationId: 'ready', tag: 'service', summary: 'Readiness: the database is reachable.', auth: false,
    answers: {
      200: { description: 'Ready.', schema: HealthSchema },
      503: { description: 'The database is not reachable.', schema: Type.Object({ key: Type.Literal('unavailable'), code: Type.Literal('unavailable'), message: Type.String() }) },
    },
  },
];

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
    out[name] = shown(value, false);
  }
  return out;
}

/** A schema where an operation uses it: its component when it is named. */
const used = (schema: TSchema): Json => (typeof schema.$id === 'string' && namedIds.has(schema.$id) ? { $ref: `${COMPONENTS}${schema.$id}` } : shown(schema));

function parameters(operation: ApiOperation): Json[] {
  const list: Json[] = [];
  for (const [where, schema] of [['path', operation.params], ['query', operation.query]] as const) {
    if (!schema) continue;
    const required = new Set(schema.required ?? []);
    for (const [name, property] of Object.entries(schema.properties)) {
      const { description, ...rest } = shown(property) as Record<string, Json>;
      list.push({ name, in: where, required: where === 'path' || required.has(name), ...(description ? { description } : {}), schema: rest });
    }
  }
  return list;
}

function operationObject(operation: ApiOperation): Json {
  const responses: Record<string, Json> = {};
  for (const [status, answer] of Object.entries(operation.answers)) {
    const mediaType = answer.mediaType ?? 'application/json';
    // No schema: a body of that media type, unchecked (bytes, this document); neither: no body at all (304).
    const content = answer.schema ? { [mediaType]: { schema: used(answer.schema) } } : answer.mediaType ? { [mediaType]: {} } : undefined;
    responses[status] = { description: answer.description, ...(content ? { content } : {}) };
  }
  responses.default = { description: 'A refusal: the status and `key` of the contract.', content: { 'application/json': { schema: { $ref: `${COMPONENTS}Error` } } } };
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
  if (operation.auth === false) object.security = [];
  if (operation.fileLink) object.security = [{ bearer: [] }, { fileLink: [] }];
  return object;
}

/** The OpenAPI 3.1 description of the REST API, made from the route schemas. */
export function openApiDocument(): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const operation of API_OPERATIONS) (paths[operation.path] ??= {})[operation.method] = operationObject(operation);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Document entry service',
      version: '1',
      description: 'GOBL business documents stored as entries of a workspace. Every route needs a bearer token (a JWT naming the workspace) unless it says otherwise.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    tags: [
      { name: 'entries', description: 'Stored documents.' },
      { name: 'files', description: 'Files on entries.' },
      { name: 'meta', description: 'Meta rows of entries.' },
      { name: 'spool', description: 'Temporary files of a workspace.' },
      { name: 'gobl', description: 'The document engine, stateless.' },
      { name: 'keys', description: 'Signature keys.' },
      { name: 'utils', description: 'Helpers.' },
      { name: 'service', description: 'The service itself.' },
    ],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        fileLink: { type: 'apiKey', in: 'query', name: 'signature', description: 'A file\'s signed link: the query of its `url` (`expires`, `scope`, `signature`), valid for FILE_LINK_LIFETIME.' },
      },
      schemas: Object.fromEntries(NAMED_SCHEMAS.map((schema) => [schema.$id as string, shown(schema)])),
    },
  };
}

/** The description as committed: two-space JSON and a final newline. */
export const openApiText = (): string => `${JSON.stringify(openApiDocument(), null, 2)}\n`;

/** `GET /silo/v1/openapi.json`, without a token. */
export function openApiRoutes(): Router {
  const router = Router();
  const text = openApiText();
  router
    .route(OPENAPI_PATH)
    .get((_req, res) => {
      res.type('application/json').send(text);
    })
    .all(methodNotAllowed(['GET']));
  return router;
}
