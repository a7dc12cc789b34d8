/** Reading the event feed in tests. */

/** Follows the feed from its start until `done()` and nothing more comes; returns every event read, in order. */
export async function followFeed(read: (path: string) => Promise<{ status: number; body: any }>, done: () => boolean): Promise<any[]> {
  const seen: any[] = [];
  let cursor = '';
  for (;;) {
    const finished = done();
    const reply = await read(`/silo/v1/events?limit=7&wait=${finished ? 0 : 1}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(reply.status).toBe(200);
    seen.push(...reply.body.list);
    cursor = reply.body.next_cursor;
    if (finished && reply.body.list.length === 0) return seen;
  }
}
