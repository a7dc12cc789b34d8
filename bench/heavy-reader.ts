/**
 * The noisy tenant of the bench's noisy-neighbour step, as a client of its own (bench/neighbours.ts runs it in a
 * process of its own): a few connections read entries as heavy as the default bounds allow as hard as they can,
 * until HEAVY_UNTIL; each request the next kind in turn (the entry, GraphQL 40 aliases of it with its files, meta
 * and versions, a 404 of its meta, a page of its related list), over the entries in turn. The answers are drained
 * and counted, not kept; what each kind got is printed as JSON.
 *
 * Environment: HEAVY_URL, HEAVY_TOKEN, HEAVY_ENTRIES (a JSON list of entry ids), HEAVY_UNTIL (ms since the epoch),
 * HEAVY_CONNECTIONS.
 */
export type HeavyReads = { kind: string; sent: number; statuses: Record<string, number>; slowestMs: number; bytes: number }[];

async function readHeavy(url: string, token: string, entryIds: string[], until: number, connections: number): Promise<HeavyReads> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const aliased = (id: string) =>
    JSON.stringify({
      query: `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: entry(id: "${id}") { id attachments { id meta } meta { key value } versions(first: 10) { totalCount edges { node { version } } } }`).join(' ')} }`,
    });
  const cursors = new Map<string, string | undefined>();
  const kinds: { kind: string; request: (id: string) => [string, RequestInit] }[] = [
    { kind: 'GET entry', request: (id) => [`/silo/v1/entries/${id}`, {}] },
    { kind: 'GraphQL 40 aliases', request: (id) => ['/graphql', { method: 'POST', body: aliased(id) }] },
    { kind: 'meta 404', request: (id) => [`/silo/v1/entries/${id}/meta/nosuchkey`, {}] },
    {
      kind: 'related page',
      request: (id) => {
        const cursor = cursors.get(id);
        return [`/silo/v1/entries/${id}/related?limit=5${cursor ? `&cursor=${cursor}` : ''}`, {}];
      },
    },
  ];
  const results: HeavyReads = kinds.map(({ kind }) => ({ kind, sent: 0, statuses: {}, slowestMs: 0, bytes: 0 }));
  let next = 0;
  const connection = async () => {
    while (Date.now() < until) {
      const turn = next++;
      const index = turn % kinds.length;
      const id = entryIds[Math.floor(turn / kinds.length) % entryIds.length];
      const [path, init] = kinds[index].request(id);
      const started = performance.now();
      const response = await fetch(`${url}${path}`, { ...init, headers });
      const body = Buffer.from(await response.arrayBuffer());
      if (kinds[index].kind === 'related page' && response.status === 200)
        cursors.set(id, (JSON.parse(body.toString('utf8')) as { next_cursor?: string }).next_cursor);
      const row = results[index];
      row.sent += 1;
      row.bytes = Math.max(row.bytes, body.length);
      row.statuses[response.status] = (row.statuses[response.status] ?? 0) + 1;
      row.slowestMs = Math.max(row.slowestMs, Math.round(performance.now() - started));
    }
  };
  await Promise.all(Array.from({ length: connections }, connection));
  return results;
}

if (require.main === module) {
  const env = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is required`);
    return value;
  };
  void readHeavy(
    env('HEAVY_URL'),
    env('HEAVY_TOKEN'),
    JSON.parse(env('HEAVY_ENTRIES')) as string[],
    Number(env('HEAVY_UNTIL')),
    Number(env('HEAVY_CONNECTIONS')),
  ).then(
    (reads) => process.stdout.write(JSON.stringify(reads)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
