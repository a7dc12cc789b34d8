import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import { DomainError } from '../domain/errors';
import type { FilesService, FileUpload } from '../domain/files.service';
import { fileTooLarge, readMultipart, readRawContent } from '../http/file-upload';
import { jsonBody } from '../http/json-body';
import { readJsonFileUpload } from '../http/json-file-upload';
import { methodNotAllowed } from '../http/refusal';
import { DownloadParams, EntryFilesParams, FileJsonBody, FileParams } from './api-schemas';
import { fileJson } from './entry.presenter';
import { checkRequest } from './request-check';

/**
 * `/silo/v1/entries/{entry_id}/files`: upload a file (multipart, or JSON with base64 `data`), put one with a
 * chosen id (a new version when it exists), read its metadata, and download its bytes.
 */
export function filesRoutes(files: FilesService, fileLimit: number): Router {
  const router = Router();
  // The JSON form carries the bytes in base64: a third more than the file, plus its other members.
  const json = jsonBody(Math.ceil((fileLimit * 4) / 3) + 64 * 1024, { asBytes: true });
  const checkJson = checkRequest({ body: FileJsonBody });

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
    await new Promise<void>((resolve, reject) => {
      try {
        checkJson(req, res, () => resolve());
      } catch (error) {
        reject(error);
      }
    });
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
      res.json(fileJson(await receive(req, res)));
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/silo/v1/entries/:entry_id/files/:id')
    .get(checkRequest({ params: FileParams }), async (req, res) => {
      res.json(fileJson(await files.getFile(req.workspaceId, req.params.entry_id, req.params.id)));
    })
    .put(checkRequest({ params: FileParams }), async (req, res) => {
      res.json(fileJson(await receive(req, res, req.params.id)));
    })
    .all(methodNotAllowed(['GET', 'PUT']));

  router
    .route('/silo/v1/entries/:entry_id/files/:id/download')
    .put(checkRequest({ params: FileParams }), async (req, res) => {
      const { entry_id: entryId, id } = req.params;
      await files.getFile(req.workspaceId, entryId, id); // an unknown file is 404 before the body is read
      const content = await readRawContent(req, fileLimit).catch((error: DomainError) => {
        if (error.key === 'payload-too-large') res.setHeader('Connection', 'close');
        throw error;
      });
      res.json(fileJson(await files.uploadContent(req.workspaceId, entryId, id, content)));
    })
    .get(checkRequest({ params: DownloadParams }), async (req, res) => {
      const download = await files.findDownload(req.workspaceId, req.params.entry_id, req.params.id);
      const { size } = download;
      res.setHeader('ETag', `"${download.hash}"`);
      res.setHeader('Accept-Ranges', 'bytes');
      res.setHeader('Cache-Control', 'private, no-cache');
      res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(download.file.name)}`);
      if (matchesETag(req.get('if-none-match'), download.hash)) {
        res.status(304).end();
        return;
      }
      let start = 0;
      let end = size - 1;
      // One range is served as 206; several are served whole (allowed), and so is a range of a changed file (If-Range).
      const ranges = req.get('range') && size > 0 && ifRangeHolds(req, download.hash) ? req.range(size) : undefined;
      if (ranges === -1) {
        res.setHeader('Content-Range', `bytes */${size}`);
        throw new DomainError('range-not-satisfiable', `the range lies outside the file's ${size} bytes`);
      }
      if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
        ({ start, end } = ranges[0]);
        res.status(206).setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
      }
      res.type(download.file.mime);
      res.setHeader('Content-Length', String(size === 0 ? 0 : end - start + 1));
      if (req.method === 'HEAD' || size === 0) {
        res.end();
        return;
      }
      // Chunk by chunk from the store, at the pace the client reads.
      await pipeline(Readable.from(files.readContent(req.workspaceId, download.contentId, start, end)), res);
    })
    .all(methodNotAllowed(['GET', 'PUT']));

  return router;
}

/**
 * If-None-Match names this content (or is `*`): 304. Checked here rather than with `req.fresh`, which also
 * heeds a request's `Cache-Control: no-cache` (meant for caches; fetch sends it with every conditional request).
 */
function matchesETag(condition: string | undefined, hash: string): boolean {
  if (condition === undefined) return false;
  return condition.split(',').some((tag) => ['*', `"${hash}"`, `W/"${hash}"`].includes(tag.trim()));
}

/** A conditional range (If-Range with the ETag) holds only for the same content. */
function ifRangeHolds(req: Request, hash: string): boolean {
  const condition = req.get('if-range');
  return condition === undefined || condition === `"${hash}"`;
}
