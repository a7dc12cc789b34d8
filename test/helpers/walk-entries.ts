import type { client } from './server';

/**
 * Follows `next_cursor` through a list of entries from its first page, checking each page as it goes: a 200,
 * the cursor it was asked with echoed back, and URL-safe cursors. Stops at 1,000 pages, so a cursor that never
 * ends cannot hang a test. Returns every entry seen, in order, and the number of pages.
 */
export async function walkEntries(api: ReturnType<typeof client>, query: string): Promise<{ seen: any[]; pages: number }> {
  const seen: any[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const reply = await api.get(`/silo/v1/entries?${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(reply.status).toBe(200);
    if (cursor) expect(reply.body.cursor).toBe(cursor);
    seen.push(...reply.body.list);
    cursor = reply.body.next_cursor;
    pages++;
    if (cursor) expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
  } while (cursor && pages < 1000);
  return { seen, pages };
}
