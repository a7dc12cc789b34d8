import type { Response } from 'express';
import type { EntryPage } from '../domain/entries/entries.service';
import type { Entry } from '../domain/entries/model/entry';
import { sendJson } from '../http/json-slices';
import { holdsReadTurn, releaseReadTurn } from '../http/read-turn';
import { HEAVY_READ_BYTES } from '../domain/runtime';
import { entryJson, pageJson } from './entry.presenter';

/**
 * Sends an entry with its envelope, its stored text put in place as it is, written in slices between other
 * requests; its version as a strong ETag, which a client sends back in If-Match to update only that version.
 */
export async function sendEntry(res: Response, entry: Entry): Promise<void> {
  if (entry.version) res.setHeader('ETag', `"${entry.version}"`);
  const heavy = holdsReadTurn(res) || (entry.dataJson?.length ?? 0) > HEAVY_READ_BYTES;
  await sendJson(res, entryJson(entry, { withData: true, fileUrl: res.req.fileUrl }), { heavy });
  releaseReadTurn(res);
}

/** Sends a page of entries, written in slices between other requests. */
export async function sendPage(res: Response, page: EntryPage): Promise<void> {
  await sendJson(res, pageJson(page, res.req.fileUrl), { heavy: holdsReadTurn(res) });
  releaseReadTurn(res);
}
