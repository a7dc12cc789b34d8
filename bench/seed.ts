import { distFile, runNode } from './server-process';

export interface SeedResult {
  entries: number;
  seconds: number;
  perSecond: number;
}

/**
 * Seeds a workspace through the operator's path, `npm run seed` (dist/src/cli/seed.js): sample
 * documents through the engine, then multi-row INSERTs in large transactions. No HTTP.
 */
export async function seedWorkspace(env: Record<string, string>, workspace: string, count: number): Promise<SeedResult> {
  const output = await runNode([distFile('src/cli/seed.js'), '--workspace', workspace, '--count', String(count), '--json'], {
    ...env,
    LOG_LEVEL: 'warn',
  });
  const summary = JSON.parse(output.trim().split('\n').pop() ?? '{}') as SeedResult;
  return { entries: summary.entries, seconds: summary.seconds, perSecond: summary.perSecond };
}

export interface DeepPage {
  /** The cursor that opens page `page` of `pageSize` entries. */
  cursor: string;
  /** Ids met on the way, spread over the whole walk, for fetch-by-id. */
  ids: string[];
  requests: number;
  seconds: number;
}

/**
 * Walks the list with cursors, as a client would, to the cursor of page `page` (of `pageSize` entries).
 * A cursor does not depend on the page size, so the walk takes pages of 100 and the last steps smaller ones.
 */
export async function walkToPage(url: string, token: string, page: number, pageSize: number): Promise<DeepPage> {
  const started = Date.now();
  let remaining = (page - 1) * pageSize;
  let cursor: string | undefined;
  const ids: string[] = [];
  let requests = 0;
  while (remaining > 0) {
    const limit = Math.min(100, remaining);
    const query = `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await fetch(`${url}/silo/v1/entries?${query}`, { headers: { authorization: `Bearer ${token}` } });
    requests++;
    const body = (await response.json()) as { list?: { id: string }[]; next_cursor?: string };
    if (!response.ok || !body.list || body.list.length !== limit || !body.next_cursor) {
      throw new Error(`walk stopped after ${requests} pages (status ${response.status}, ${remaining} entries short of page ${page})`);
    }
    ids.push(body.list[0].id, body.list[body.list.length - 1].id);
    cursor = body.next_cursor;
    remaining -= limit;
  }
  if (!cursor) throw new Error('the deep page is page 1');
  return { cursor, ids, requests, seconds: (Date.now() - started) / 1000 };
}
