import { Type } from '@sinclair/typebox';
import type { Request, Response } from 'express';
import { DomainError } from '../domain/shared/errors';
import type { FilesService, FileUpload } from '../domain/files/files.service';
import { sendFileBytes } from '../http/file-bytes';
import { linkedFileRequest } from '../http/route-auth';
import { fileTooLarge, readMultipart, readRawContent } from '../http/file-upload';
import { jsonBody } from '../http/json-body';
import { readJsonFileUpload } from '../http/json-file-upload';
import {
  DownloadParams,
  EntryFilesParams,
  ErrorSchema,
  FileJsonBody,
  FileLinkQuery,
  FileMultipartBody,
  FileParams,
  FileSchema,
} from './api-schemas';
import { fileJson } from './entry.presenter';
import { bodyCheck } from './request-check';
import type { Answer, ApiRoute } from './route-table';

export interface FilesServices {
  files: FilesService;
  /** FILE_SIZE_LIMIT. */
  fileSizeLimit: number;
}

/** The upload, read as its media type says: streamed (multipart), or decoded from base64 (JSON). */
function receiver({ files, fileSizeLimit: fileLimit }: FilesServices) {
  // The JSON form carries the bytes in base64: a third more than the file, plus its other members.
  const json = jsonBody(Math.ceil((fileLimit * 4) / 3) + 64 * 1024, { asBytes: true });
  const checkJson = bodyCheck(FileJsonBody);
  return async (req: Request, res: Response, id?: string) => {
    const { entry_id: entryId } = req.params as { entry_id: string };
    await files.requireEntry(req.workspaceId, entryId); // an unknown entry is 404 before the body is read
    const type = (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (type === 'multipart/form-data') {
      const upload = await readMultipart(req, fileLimit);
      return files.putFile(req.workspaceId, entryId, upload.fields, upload.content, {
        id,
        defaults: { name: upload.filename, mime: upload.mimeType },
      });
    }
    await new Promise<void>((resolve, reject) => json(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
    // The base64 is decoded a slice at a time, apart from the other members: the HTTP thread is never held long.
    const { members, content } = await readJsonFileUpload(req.body as Buffer, fileLimit);
    req.body = members;
    checkJson(req.body);
    const fields = req.body as FileUpload;
    if (content === undefined) {
      // A placeholder: its bytes come later, PUT to its url.
      if (Number(fields.size) > fileLimit) throw fileTooLarge(fileLimit);
      return files.putFile(req.workspaceId, entryId, fields, undefined, { id });
    }
    return files.putFile(req.workspaceId, entryId, fields, await content(), { id });
  };
}

const fileAnswer: Answer = { description: 'The file.', schema: FileSchema };
/** A file's bytes, as both download paths answer them. */
const bytesAnswers: Record<number, Answer> = {
  200: { description: 'The bytes.', mediaType: 'application/octet-stream' },
  206: { description: 'The requested range of the bytes.', mediaType: 'application/octet-stream' },
  304: { description: 'Not changed since the ETag given in If-None-Match.' },
  403: { description: "A signed link that has expired or was altered, or a private file's.", schema: ErrorSchema },
  416: { description: 'The range lies outside the file.', schema: ErrorSchema },
};
const uploadBody = { schema: FileMultipartBody, mediaType: 'multipart/form-data', alternatives: { 'application/json': FileJsonBody } };

/**
 * `/silo/v1/entries/{entry_id}/files`: upload a file (multipart, or JSON with base64 `data`), put one with a
 * chosen id (a new version when it exists), download its bytes (at the file's path, as the hosted API, and at its
 * `url`), and read its metadata (`…/meta`).
 */
export const filesRoutes: ApiRoute<FilesServices>[] = [
  {
    method: 'post',
    path: '/silo/v1/entries/{entry_id}/files',
    auth: 'token',
    operationId: 'uploadFile',
    tag: 'files',
    summary:
      'Add a file to an entry: multipart (streamed, hashed on the way in), or JSON with the bytes in base64. Over FILE_SIZE_LIMIT is 413.',
    params: EntryFilesParams,
    body: uploadBody,
    answers: { 200: fileAnswer },
    unchecked: { body: 'not a JSON object: read by the handler as it streams (multipart, raw bytes; the base64 JSON form by bodyCheck)' },
    refusals: [400, 401, 404, 413, 415, 422, 503],
    handler: (services) => {
      const receive = receiver(services);
      return async (req, res) => {
        res.json(fileJson(await receive(req, res), req.fileUrl));
      };
    },
  },
  {
    // The bytes, as the hosted API answers here; the metadata is at …/meta.
    method: 'get',
    path: '/silo/v1/entries/{entry_id}/files/{id}',
    operationId: 'getFileData',
    tag: 'files',
    summary: "The bytes of a file, or of one of its earlier versions, as at its `url` (the hosted API's download).",
    params: DownloadParams,
    query: FileLinkQuery,
    auth: 'token-or-link',
    answers: bytesAnswers,
    unchecked: { query: "a signed link's parts are judged by its authentication (403), never refused as a 400" },
    refusals: [400, 401, 403, 404, 416, 503],
    handler:
      ({ files }) =>
      async (req, res) => {
        await serveFile(files, req.workspaceId, req, res, { linked: linkedFileRequest(res) });
      },
  },
  {
    method: 'get',
    path: '/silo/v1/entries/{entry_id}/files/{id}/meta',
    auth: 'token',
    operationId: 'getFile',
    tag: 'files',
    summary: "A file's metadata; `url` is where its bytes are.",
    params: FileParams,
    answers: { 200: fileAnswer },
    refusals: [400, 401, 404, 503],
    handler:
      ({ files }) =>
      async (req, res) => {
        res.json(fileJson(await files.getFile(req.workspaceId, req.params.entry_id, req.params.id), req.fileUrl));
      },
  },
  {
    method: 'put',
    path: '/silo/v1/entries/{entry_id}/files/{id}',
    auth: 'token',
    operationId: 'putFile',
    tag: 'files',
    summary: 'Add a file with a chosen UUID, or replace that file: its earlier content is kept as a version in `previous`.',
    params: FileParams,
    body: uploadBody,
    answers: { 200: fileAnswer },
    unchecked: { body: 'not a JSON object: read by the handler as it streams (multipart, raw bytes; the base64 JSON form by bodyCheck)' },
    refusals: [400, 401, 404, 413, 415, 422, 503],
    handler: (services) => {
      const receive = receiver(services);
      return async (req, res) => {
        res.json(fileJson(await receive(req, res, req.params.id), req.fileUrl));
      };
    },
  },
  {
    method: 'put',
    path: '/silo/v1/entries/{entry_id}/files/{id}/download',
    auth: 'token',
    operationId: 'uploadFileContent',
    tag: 'files',
    summary: 'The bytes of a placeholder file, as they are: they must match its declared `sha256` and `size`; then it is `stored`.',
    params: FileParams,
    body: { schema: Type.String({ contentMediaType: 'application/octet-stream' }), mediaType: 'application/octet-stream' },
    answers: { 200: fileAnswer },
    unchecked: { body: 'not a JSON object: read by the handler as it streams (multipart, raw bytes; the base64 JSON form by bodyCheck)' },
    refusals: [400, 401, 404, 409, 413, 415, 503],
    handler:
      ({ files, fileSizeLimit: fileLimit }) =>
      async (req, res) => {
        const { entry_id: entryId, id } = req.params;
        await files.getFile(req.workspaceId, entryId, id); // an unknown file is 404 before the body is read
        const content = await readRawContent(req, fileLimit);
        res.json(fileJson(await files.uploadContent(req.workspaceId, entryId, id, content), req.fileUrl));
      },
  },
  {
    method: 'get',
    path: '/silo/v1/entries/{entry_id}/files/{id}/download',
    operationId: 'downloadFile',
    tag: 'files',
    summary:
      'The bytes of a file, or of one of its earlier versions: its media type, length, an ETag of its SHA-256, and single byte ranges. With a token, or by the signed link of its `url`.',
    params: DownloadParams,
    query: FileLinkQuery,
    auth: 'token-or-link',
    answers: bytesAnswers,
    unchecked: { query: "a signed link's parts are judged by its authentication (403), never refused as a 400" },
    refusals: [400, 401, 403, 404, 416, 503],
    handler:
      ({ files }) =>
      async (req, res) => {
        await serveFile(files, req.workspaceId, req, res, { linked: linkedFileRequest(res) });
      },
  },
];

/**
 * Answers the bytes of a file of the workspace, or of one of its earlier versions (by the version's id); a
 * file's signed link (`linked`) serves no private file, which has no link.
 */
export async function serveFile(
  files: FilesService,
  workspaceId: string,
  req: Request,
  res: Response,
  options: { linked?: boolean } = {},
): Promise<void> {
  const { entry_id: entryId, id } = req.params as { entry_id: string; id: string };
  const download = await files.findDownload(workspaceId, entryId, id);
  if (options.linked && download.file.private) throw new DomainError('forbidden', 'a private file has no link: fetch it with a token');
  await sendFileBytes(req, res, {
    name: download.file.name,
    mime: download.file.mime,
    size: download.size,
    hash: download.hash,
    read: (start, end) => files.readContent(workspaceId, download.contentId, start, end),
  });
}
