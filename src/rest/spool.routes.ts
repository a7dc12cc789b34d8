import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import { badInput } from '../domain/shared/errors';
import type { SpoolItem } from '../domain/spool/spool-store';
import { spoolPath, type SpoolService } from '../domain/spool/spool.service';
import { sendFileBytes } from '../http/file-bytes';
import type { ServiceUrl } from '../http/file-urls';
import { jsonBody } from '../http/json-body';
import { readJsonFileUpload } from '../http/json-file-upload';
import { SpoolItemSchema, SpoolKeyParams, SpoolUploadBody } from './api-schemas';
import { bodyCheck } from './request-check';
import { type ApiRoute } from './route-table';

export interface SpoolServices {
  spool: SpoolService;
  /** FILE_SIZE_LIMIT. */
  fileSizeLimit: number;
}

/**
 * `/silo/v1/spool`: a workspace's temporary files, as the hosted API has them. POST spools one (JSON, the bytes in
 * base64) and answers its key; GET `/silo/v1/spool/{key}` gives the bytes back with their media type, DELETE
 * forgets them.
 */
export const spoolRoutes: ApiRoute<SpoolServices>[] = [
  {
    method: 'post',
    path: '/silo/v1/spool',
    auth: 'token',
    operationId: 'uploadSpoolFile',
    tag: 'spool',
    summary:
      'Spool a temporary file (JSON, the bytes in base64): answers the key it is found by until it expires (SPOOL_LIFETIME). Over FILE_SIZE_LIMIT, or past SPOOL_ITEMS_LIMIT live files in the workspace, is 413.',
    body: { schema: SpoolUploadBody },
    answers: { 200: { description: 'The spooled file.', schema: SpoolItemSchema } },
    unchecked: {
      body: 'read as bytes, its base64 `data` decoded a slice at a time; the other members are then checked against this schema by the handler (bodyCheck)',
    },
    refusals: [400, 401, 413, 415, 503],
    // The bytes travel in base64: a third more than the file, plus the name and type. They are decoded a slice at a
    // time, as a file's JSON upload, so the HTTP thread is never held long.
    use: ({ fileSizeLimit: fileLimit }) => [jsonBody(Math.ceil((fileLimit * 4) / 3) + 64 * 1024, { asBytes: true })],
    handler: ({ spool, fileSizeLimit: fileLimit }) => {
      const checkUpload = bodyCheck(SpoolUploadBody);
      const checkMembers = bodyCheck(Type.Omit(SpoolUploadBody, ['data']));
      return async (req, res) => {
        const { members, content } = await readJsonFileUpload(req.body as Buffer, fileLimit);
        req.body = members;
        if (content === undefined) {
          // Without a base64 string in `data`, the whole schema says what is wrong with the body.
          checkUpload(req.body);
          throw badInput('data: must be a base64 string', { data: 'must be a base64 string' });
        }
        checkMembers(req.body);
        const { name, type } = req.body as { name: string; type?: string };
        res.json(spoolItemJson(await spool.upload(req.workspaceId, { name, type }, await content()), req.serviceUrl));
      };
    },
  },
  {
    method: 'get',
    path: '/silo/v1/spool/{key}',
    auth: 'token',
    operationId: 'downloadSpoolFile',
    tag: 'spool',
    summary: 'The bytes of a spooled file, with its media type, length and an ETag of its SHA-256; an expired or unknown key is 404.',
    params: SpoolKeyParams,
    answers: { 200: { description: 'The bytes.', mediaType: 'application/octet-stream' } },
    refusals: [400, 401, 404, 416, 503],
    handler:
      ({ spool }) =>
      async (req, res) => {
        const item = await spool.find(req.workspaceId, req.params.key);
        await sendFileBytes(req, res, { ...item, read: (from, to) => spool.readContent(req.workspaceId, item, from, to) });
      },
  },
  {
    method: 'delete',
    path: '/silo/v1/spool/{key}',
    auth: 'token',
    operationId: 'deleteSpoolFile',
    tag: 'spool',
    summary: 'Delete a spooled file; an expired or unknown key is 404.',
    params: SpoolKeyParams,
    answers: { 204: { description: 'Deleted.' } },
    refusals: [400, 401, 404, 503],
    handler:
      ({ spool }) =>
      async (req, res) => {
        await spool.delete(req.workspaceId, req.params.key);
        res.status(204).end();
      },
  },
];

/** A spooled file as the upload answers it; its `url` absolute, from the same base as a file's (`req.serviceUrl`). */
const spoolItemJson = (item: SpoolItem, serviceUrl: ServiceUrl): Static<typeof SpoolItemSchema> => ({
  key: item.key,
  name: item.name,
  type: item.mime,
  size: item.size,
  hash: item.hash,
  url: serviceUrl(spoolPath(item.key)),
  created_at: item.createdAt.toISOString(),
  expires_at: item.expiresAt.toISOString(),
});
