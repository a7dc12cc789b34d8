import type { GoblService } from '../domain/documents/gobl.service';
import type { EntryFormats } from '../domain/formats/entry-formats';
import type { GoblTool } from '../domain/documents/gobl-tools';
import { jsonBody } from '../http/json-body';
import { abandonedSignal } from '../http/request-signal';
import { BuildBody, ConvertBody, CorrectBody, FormatXmlSchema, GoblAnswerSchema, SignBody } from './api-schemas';
import { sendWritten } from './entry-formats.routes';
import { type ApiRoute, type RefusalStatus, type RouteHandler } from './route-table';

export interface GoblServices {
  gobl: GoblService;
  formats: EntryFormats;
  bodyLimit: number;
}

// As for a create, the body stays JSON text on this thread: the engine's threads parse it.
const body = ({ bodyLimit }: GoblServices) => [jsonBody(bodyLimit, { asText: true })];

/** A GOBL tool, stateless; the answer is `{"data": ...}`. */
const runTool =
  (tool: GoblTool) =>
  ({ gobl }: GoblServices): RouteHandler =>
  async (req, res) => {
    const { dataJson } = await gobl.run(req.workspaceId, tool, req.body, { signal: abandonedSignal(res) });
    res.type('application/json').send(`{"data":${dataJson}}`);
  };

/** Why a tool's body is not checked by the mount: it is, once, by the domain against the same declaration. */
const TOOL_BODY_IN_ENGINE =
  "kept as JSON text on this thread and checked against this same schema in the engine's threads (gobl-tools.ts), where a null member reads as absent";

/** The GOBL routes refuse a document as a create does; nothing is stored. */
const refusals: RefusalStatus[] = [400, 401, 413, 415, 422, 503];

/** `/silo/v1/gobl/{build,sign,correct}`. */
export const goblRoutes: ApiRoute<GoblServices>[] = [
  {
    method: 'post',
    path: '/silo/v1/gobl/build',
    auth: 'token',
    operationId: 'buildGobl',
    tag: 'gobl',
    summary: 'Calculate and validate a document; nothing is stored.',
    body: { schema: BuildBody },
    answers: { 200: { description: 'The document, or its envelope.', schema: GoblAnswerSchema } },
    unchecked: { body: TOOL_BODY_IN_ENGINE },
    refusals,
    use: body,
    handler: runTool('build'),
  },
  {
    method: 'post',
    path: '/silo/v1/gobl/sign',
    auth: 'token',
    operationId: 'signGobl',
    tag: 'gobl',
    summary: 'Calculate, validate and sign a document; nothing is stored.',
    body: { schema: SignBody },
    answers: { 200: { description: 'The signed envelope.', schema: GoblAnswerSchema } },
    unchecked: { body: TOOL_BODY_IN_ENGINE },
    refusals,
    use: body,
    handler: runTool('sign'),
  },
  {
    method: 'post',
    path: '/silo/v1/gobl/correct',
    auth: 'token',
    operationId: 'correctGobl',
    tag: 'gobl',
    summary: 'Build the corrective document of an invoice, or the schema of its correction options; nothing is stored.',
    body: { schema: CorrectBody },
    answers: { 200: { description: "The corrective document, its envelope, or the options' JSON Schema.", schema: GoblAnswerSchema } },
    unchecked: { body: TOOL_BODY_IN_ENGINE },
    refusals,
    use: body,
    handler: runTool('correct'),
  },
  {
    method: 'post',
    path: '/silo/v1/gobl/convert',
    auth: 'token',
    operationId: 'convertGobl',
    tag: 'gobl',
    summary:
      'Write an invoice (a GOBL document or envelope) in an e-invoice format, as `GET /silo/v1/entries/{id}/formats/{format}` writes an entry; nothing is stored.',
    body: { schema: ConvertBody },
    answers: {
      200: { description: 'The document in the format, as an attachment.', schema: FormatXmlSchema, mediaType: 'application/xml' },
    },
    unchecked: { body: "kept as JSON text on this thread and checked against this same schema in the engine's threads (format-job.ts)" },
    refusals,
    use: body,
    handler:
      ({ formats }) =>
      async (req, res) => {
        sendWritten(res, await formats.convert(req.workspaceId, req.body, { signal: abandonedSignal(res) }));
      },
  },
];
