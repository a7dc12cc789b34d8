import WebSocket from 'ws';
import { invoice } from '../test/helpers/documents';

/** Subscriptions on one socket (the per-connection cap), and `snippet` aliases in the fragment each node spreads. */
const SUBSCRIPTIONS = 10;
const SNIPPET_ALIASES = 550;
/** Invoices of the workspace, each named by the others' `preceding`: every related list is that long. */
const INVOICES = 60;

/** The review's subscription: `related(first: 100)` under five aliases, each node a fragment of 550 `snippet` aliases. */
export const HOSTILE_SUBSCRIPTION =
  `subscription Hostile { entryEvents { entry { ${Array.from({ length: 5 }, (_, i) => `r${i}: related(first: 100) { edges { node { ...F } } }`).join(' ')} } } } ` +
  `fragment F on Entry { ${Array.from({ length: SNIPPET_ALIASES }, (_, i) => `s${i}: snippet`).join(' ')} }`;

export interface NoisySubscriptionResults {
  /** Whether every subscription was refused at subscribe time (the complexity limit), and the code it got. */
  refused: boolean;
  code?: string;
  /** Events triggered (states added), and answers by status (`error` when no answer came). */
  triggered: number;
  statuses: Record<string, number>;
  /** Messages the socket received past the refusals, and the largest in bytes. */
  messages: number;
  largestMessageBytes: number;
}

/**
 * A noisy neighbour for subscriptions: stores INVOICES invoices that each name all the others, opens a graphql-ws
 * socket with SUBSCRIPTIONS copies of the review's subscription, then adds states to the invoices (one event each)
 * until the clock passes `untilMs` (a Date.now() time) or `stop` aborts. Before subscriptions were costed, each
 * event made a message of about 100 MB per subscription; now each is refused at subscribe time, as over HTTP.
 */
export async function noisySubscription(
  url: string,
  token: string,
  untilMs: number,
  options: { stop?: AbortSignal } = {},
): Promise<NoisySubscriptionResults> {
  const going = () => Date.now() < untilMs && !options.stop?.aborted;
  const results: NoisySubscriptionResults = { refused: false, triggered: 0, statuses: {}, messages: 0, largestMessageBytes: 0 };
  const count = (status: number | string) => (results.statuses[status] = (results.statuses[status] ?? 0) + 1);
  const post = async (path: string, body: unknown): Promise<any> => {
    try {
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      count(response.status);
      return response.ok ? await response.json() : undefined;
    } catch {
      count('error');
      return undefined;
    }
  };

  // The invoices' document uuids are chosen first, so that each can name all the others.
  const uuids = Array.from({ length: INVOICES }, () => crypto.randomUUID());
  const ids: string[] = [];
  for (let i = 0; i < INVOICES && going(); i++) {
    const preceding = uuids.filter((_, j) => j !== i).map((uuid, j) => ({ uuid, code: `N-${j}`, issue_date: '2026-11-20' }));
    const created = await post('/silo/v1/entries', { data: invoice({ uuid: uuids[i], code: `N-${i}`, preceding }), allow_invalid: true });
    if (created?.id) ids.push(created.id);
  }

  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  const refusals = new Map<string, string | undefined>();
  socket.on('message', (data) => {
    const text = String(data);
    const message = JSON.parse(text) as { type: string; id?: string; payload?: any };
    if (message.type === 'connection_ack') {
      for (let i = 0; i < SUBSCRIPTIONS; i++)
        socket.send(JSON.stringify({ id: `h${i}`, type: 'subscribe', payload: { query: HOSTILE_SUBSCRIPTION } }));
    } else if (message.type === 'error' && message.id) {
      refusals.set(message.id, message.payload?.[0]?.extensions?.code);
    } else if (message.type === 'next') {
      results.messages++;
      results.largestMessageBytes = Math.max(results.largestMessageBytes, Buffer.byteLength(text));
    }
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.once('error', () => undefined);
  socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));

  try {
    for (let n = 0; going() && ids.length > 0; n++) {
      await post(`/silo/v1/entries/${ids[n % ids.length]}/states`, { key: n % 2 === 0 ? 'sent' : 'paid' });
      results.triggered++;
    }
  } finally {
    results.refused = refusals.size === SUBSCRIPTIONS;
    results.code = [...refusals.values()][0];
    socket.close();
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1_000))]);
  }
  return results;
}
