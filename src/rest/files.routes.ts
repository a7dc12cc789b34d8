import { Router, type Request, type Response } from 'express';
import { DomainError } from '../domain/errors';
import type { FilesService, FileUpload } from '../domain/files.service';
import { sendFileBytes } from '../http/file-bytes';
import { fileTooLarge, readMultipart, readRawContent } from '../http/file-upload';
import { jsonBody } from '../http/json-body';
import { readJsonFileUpload } from '../http/json-file-upload';
import { methodNotAllowed } from '../http/refusal';
import { DownloadParams, EntryFilesParams, FileJsonBody, FileParams } from './api-schemas';
import { fileJson } from './entry.presenter';
import { bodyCheck, checkRequest } from './request-check';

/**
 * `/silo/v1/entries/{entry_id}/files`: upload a file (multipart, or JSON with base64 `data`), put one with a
 * chosen id (a new version when it exists), download its bytes (at the file's path, as the hosted API, and at its
 * `url`), and read its metadata (`…/meta`).
 */
export function filesRoutes(files: FilesService, fileLimit: number): Router {
  const router = Router();
  // The JSON form carries the bytes in base64: a third more than the file, plus its other members.
  const json = jsonBody(Math.ceil((fileLimit * 4) / 3) + 64 * 1024, { asBytes: true });
  const checkJson = bodyCheck(FileJsonBody);

  /** The upload, read as its media type says: streamed (multipart), or decoded from base64 (JSON). */
  const receive = async (req: Request, res: Response, id?: string) => {
    const { entry_id: entryId } = req.params as { entry_id: string };
    await files.requireEntry(req.workspaceId, entryId); // an unknown entry is 404 before the body is read
    const type = (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (type === 'multipart/form-data') {
      const upload = await readMultipart(req, fileLimit).catch((error: DomainError) => {
        if (error.key === 'payload-too-large') res.setHeader('Connection', 'close');
        throw error;
      });
      return files.putFile(req.workspaceId, entryId, upload.fields, upload.content, { id, defaults: { name: upload.filename, mime: upload.mimeType } });
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

  router
    .route('/silo/v1/entries/:entry_id/files')
    .post(checkRequest({ params: EntryFilesParams }), async (req, res) => {
      res.json(fileJson(await receive(req, res), req.fileUrl));
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/silo/v1/entries/:entry_id/files/:id')
    // The bytes, as the hosted API answers here; the metadata is at …/meta.
    .get(checkRequest({ params: DownloadParams }), async (req, res) => {
      await serveFile(files, req.workspaceId, req, res);
    })
    .put(checkRequest({ params: FileParams }), async (req, res) => {
      res.json(fileJson(await receive(req, res, req.params.id), req.fileUrl));
    })
    .all(methodNotAllowed(['GET', 'PUT']));

  router
    .route('/silo/v1/entries/:entry_id/files/:id/meta')
    .get(checkRequest({ params: FileParams }), async (req, res) => {
      res.json(fileJson(await files.getFile(req.workspaceId, req.params.entry_id, req.params.id), req.fileUrl));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/silo/v1/entries/:entry_id/files/:id/download')
    .put(checkRequest({ params: FileParams }), async (req, res) => {
      const { entry_id: entryId, id } = req.params;
      await files.getFile(req.workspaceId, entryId, id); // an unknown file is 404 before the body is read
      const content = await readRawContent(req, fileLimit).catch((error: DomainError) => {
        if (error.key === 'payload-too-large') res.setHeader('Connection', 'close');
        throw error;
      });
      res.json(fileJson(await files.uploadContent(req.workspaceId, entryId, id, content), req.fileUrl));
    })
    .get(checkRequest({ params: DownloadParams }), async (req, res) => {
      await serveFile(files, req.workspaceId, req, res);
    })
    .all(methodNotAllowed(['GET', 'PUT']));

  return router;
}

/**
 * Answers the bytes of a file of the workspace, or of one of its earlier versions (by the version's id); a
 * file's signed link (`linked`) serves no private file, which has no link.
 */
export async function serveFile(files: FilesService, workspaceId: string, req: Request, res: Response, options: { linked?: boolean } = {}): Promise<void> {
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
