import type { ErrorRequestHandler } from 'express';
import type { EntryService } from '../domain/entries/entries.service';
import { badInput } from '../domain/shared/errors';
import { sendEntry, sendPage } from './entry-answer';
import { readTurnOf } from '../http/read-turn';
import { jsonBody } from '../http/json-body';
import { einvoiceOr, PdfBytes, XmlText } from '../http/einvoice-body';
import type { EinvoiceImports } from '../domain/formats/einvoice-imports';
import { abandonedSignal } from '../http/request-signal';
import {
  CreateEntryBody,
  CreateEntryQuery,
  FormatPdfSchema,
  FormatXmlSchema,
  EntryIdParams,
  EntryKeyParams,
  EntryPageSchema,
  EntrySchema,
  ListEntriesQuery,
  UpdateEntryBody,
} from './api-schemas';
import { entryHistoryRoutes, expectedVersionOf } from './entry-history.routes';
import { entryFormatRoutes, type EntryFormatServices } from './entry-formats.routes';
import { entryPdfRoutes, type EntryPdfServices } from './entry-pdf.routes';
import { relatedRoutes } from './related.routes';
import { type Answer, type ApiRoute } from './route-table';

const KEY_NOT_UTF8 = 'must be percent-encoded UTF-8';

const single = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export interface EntriesServices extends EntryPdfServices, EntryFormatServices {
  entries: EntryService;
  imports: EinvoiceImports;
  bodyLimit: number;
  /** FILE_SIZE_LIMIT: a received Factur-X PDF's bound. */
  fileSizeLimit: number;
}

// Create bodies stay JSON text on this thread: the engine's threads parse them.
const body = ({ bodyLimit }: EntriesServices) => [jsonBody(bodyLimit, { asText: true })];
// A create also takes a received e-invoice, XML or a Factur-X PDF, which the engine's threads read.
const createBody = ({ bodyLimit, fileSizeLimit }: EntriesServices) => [
  einvoiceOr({ xml: bodyLimit, pdf: fileSizeLimit }, jsonBody(bodyLimit, { asText: true })),
];

/** A received e-invoice's create options, from the query (a JSON create names them in its body and takes no query). */
function importOptions(query: Record<string, unknown>, received: boolean) {
  const given = Object.keys(query);
  if (!received && given.length > 0) {
    throw badInput(`${given[0]}: a JSON create takes its members in the body, not the query`, { [given[0]]: 'must be in the body' });
  }
  for (const name of given)
    if (typeof query[name] !== 'string') throw badInput(`${name}: must be given once`, { [name]: 'must be given once' });
  return {
    key: single(query.key),
    folder: single(query.folder),
    allowInvalid: single(query.allow_invalid) === 'true',
    fileName: single(query.name),
  };
}

/** Why a create's body is not checked by the mount: it is, once, by the domain against the same declaration. */
const CREATE_BODY_IN_ENGINE =
  "kept as JSON text on this thread and checked against this same schema in the engine's threads (parseCreateEntryInput), where a null or empty member reads as absent";

const entryAnswer: Answer = { description: 'The entry, with its envelope.', schema: EntrySchema };

/** The `/silo/v1/entries` contract, with an entry's related lists and history: thin handlers over the entry service. */
export const entriesRoutes: ApiRoute<EntriesServices>[] = [
  {
    method: 'get',
    path: '/silo/v1/entries',
    auth: 'token',
    operationId: 'listEntries',
    tag: 'entries',
    summary: "List the workspace's entries, newest first (oldest first with `ascending`; by amount with `order_by=amount`).",
    query: ListEntriesQuery,
    answers: { 200: { description: 'A page of entries.', schema: EntryPageSchema } },
    unchecked: {
      query:
        "parsed by the domain's list query (list-entries.query.ts, shared with GraphQL): `ascending` is the text `true` or `false`, which the schema's boolean refuses, and `limit`, `created_at`, `order_by` are refused with their own messages (`must be 1 to 100`, RFC 3339, not with `created_at`)",
    },
    refusals: [400, 401, 413, 503],
    handler:
      ({ entries }) =>
      async (req, res) => {
        const q = req.query;
        for (const name of ['limit', 'cursor', 'folder', 'state', 'created_at', 'ascending', 'order_by']) {
          if (q[name] !== undefined && typeof q[name] !== 'string') {
            // Repeated or bracketed parameters (?limit=1&limit=2) are not one value.
            throw badInput(`${name}: must be given once`, { [name]: 'must be given once' });
          }
        }
        const page = await entries.listEntries(
          req.workspaceId,
          {
            limit: single(q.limit),
            cursor: single(q.cursor),
            folder: single(q.folder),
            state: single(q.state),
            createdAt: single(q.created_at),
            ascending: single(q.ascending),
            orderBy: single(q.order_by),
          },
          { withParts: true, turn: readTurnOf(res, entries) },
        );
        await sendPage(res, page);
      },
  },
  ...relatedRoutes,
  {
    method: 'post',
    path: '/silo/v1/entries',
    auth: 'token',
    operationId: 'createEntry',
    tag: 'entries',
    summary:
      "Create an entry: the document is normalized, calculated, validated and stored. A received e-invoice may be sent instead, as `application/xml` (a UBL 2.1 Invoice or CreditNote, or a CII D16B CrossIndustryInvoice, of any EN 16931 CIUS) or `application/pdf` (a Factur-X / ZUGFeRD PDF, the invoice it carries read): it is read as a GOBL invoice and stored as any create, with the original kept unchanged as its file of key `source` (category `attachment`) and the sender's totals, with any difference from the calculation, in its `einvoice` meta row.",
    body: { schema: CreateEntryBody, alternatives: { 'application/xml': FormatXmlSchema, 'application/pdf': FormatPdfSchema } },
    query: CreateEntryQuery,
    answers: { 200: entryAnswer },
    unchecked: {
      body: CREATE_BODY_IN_ENGINE,
      query:
        'read by the handler: only an XML body takes it (a JSON create names `key` and `folder` in its body, and any query is refused)',
    },
    refusals: [400, 401, 404, 409, 413, 415, 422, 503],
    use: createBody,
    handler:
      ({ entries, imports }) =>
      async (req, res) => {
        const signal = abandonedSignal(res);
        const received = req.body instanceof XmlText || req.body instanceof PdfBytes;
        const options = { ...importOptions(req.query, received), signal };
        if (req.body instanceof XmlText) return sendEntry(res, await imports.importXml(req.workspaceId, req.body.text, options));
        if (req.body instanceof PdfBytes) return sendEntry(res, await imports.importPdf(req.workspaceId, req.body.bytes, options));
        await sendEntry(res, await entries.createEntry(req.workspaceId, req.body, { signal }));
      },
  },
  {
    method: 'get',
    path: '/silo/v1/entries/{id}',
    auth: 'token',
    operationId: 'getEntry',
    tag: 'entries',
    summary: 'One entry, with its envelope.',
    params: EntryIdParams,
    answers: { 200: entryAnswer },
    refusals: [400, 401, 404, 413, 503],
    handler:
      ({ entries }) =>
      async (req, res) => {
        await sendEntry(
          res,
          await entries.getEntry(req.workspaceId, req.params.id, { withData: true, withParts: true, turn: readTurnOf(res, entries) }),
        );
      },
  },
  {
    method: 'put',
    path: '/silo/v1/entries/{id}',
    auth: 'token',
    operationId: 'putEntry',
    tag: 'entries',
    summary: 'Create an entry with a chosen UUID (409 when it is taken).',
    params: EntryIdParams,
    body: { schema: CreateEntryBody },
    answers: { 200: entryAnswer },
    unchecked: { body: CREATE_BODY_IN_ENGINE },
    refusals: [400, 401, 404, 409, 413, 415, 422, 503],
    use: body,
    handler:
      ({ entries }) =>
      async (req, res) => {
        await sendEntry(res, await entries.createEntry(req.workspaceId, req.body, { id: req.params.id, signal: abandonedSignal(res) }));
      },
  },
  {
    method: 'patch',
    path: '/silo/v1/entries/{id}',
    auth: 'token',
    operationId: 'updateEntry',
    tag: 'entries',
    summary:
      'Change an entry: new data or a patch of its envelope (a new version), a folder, a signature. If-Match names the version the change is made from; a change made meanwhile is 409.',
    params: EntryIdParams,
    body: { schema: UpdateEntryBody },
    answers: { 200: entryAnswer },
    unchecked: {
      body: "kept as JSON text on this thread and checked against this same schema in the engine's threads (parseUpdateEntryInput), where a null or empty member reads as absent",
    },
    refusals: [400, 401, 404, 409, 413, 415, 422, 503],
    use: body,
    handler:
      ({ entries }) =>
      async (req, res) => {
        const options = {
          expectedVersion: expectedVersionOf(req.get('if-match')),
          withParts: true,
          turn: readTurnOf(res, entries),
          signal: abandonedSignal(res),
        };
        await sendEntry(res, await entries.updateEntry(req.workspaceId, req.params.id, req.body, options));
      },
  },
  ...entryHistoryRoutes,
  {
    method: 'get',
    path: '/silo/v1/entries/key/{key}',
    auth: 'token',
    operationId: 'getEntryByKey',
    tag: 'entries',
    summary: 'One entry by its idempotency key.',
    params: EntryKeyParams,
    answers: { 200: entryAnswer },
    refusals: [400, 401, 404, 413, 503],
    handler:
      ({ entries }) =>
      async (req, res) => {
        await sendEntry(
          res,
          await entries.getEntryByKey(req.workspaceId, req.params.key, { withData: true, withParts: true, turn: readTurnOf(res, entries) }),
        );
      },
    // A key whose percent-encoding is not UTF-8 (`%ED%A0%BD`, a lone surrogate) fails to decode: name the field.
    pathError: ((error, _req, _res, next) => {
      next(error instanceof URIError ? badInput(`key: ${KEY_NOT_UTF8}`, { key: KEY_NOT_UTF8 }) : error);
    }) as ErrorRequestHandler,
  },
  // After the key route: `/entries/key/pdf` is the entry whose key is `pdf`.
  ...entryPdfRoutes,
  ...entryFormatRoutes,
];
