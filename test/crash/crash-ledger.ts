import { createHash, randomUUID } from 'node:crypto';
import { send, isNetworkError, type Outcome } from '../helpers/http-outcome';

/** JSON with object keys sorted, so that equal documents give equal text whatever their key order. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export const dataHash = (data: unknown) => createHash('sha256').update(stableJson(data)).digest('hex');

/** What a 200 promised: this entry exists, with this digest and this data, for good. */
export interface Acknowledged {
  id: string;
  key: string;
  digest: string;
  dataHash: string;
  cycle: number;
}

/** A request that got no answer (the server died under it): it may have been stored, whole, or not at all. */
export interface InDoubt {
  key: string;
  id?: string;
  cycle: number;
}

export interface CycleLoad {
  acknowledged: Acknowledged[];
  inDoubt: InDoubt[];
  conflicts: number;
  /** Answers that are neither 200, nor the 409 of a repeated key: each one is a failure. */
  unexpected: string[];
  /** A repeated key that was answered 200: a duplicate. */
  duplicates: string[];
  requests: number;
}

const documents = [
  (n: string) => ({ $schema: 'https://gobl.org/draft-0/org/party', name: `Party ${n}`, emails: [{ addr: `p${n}@example.com` }] }),
  (n: string) => ({ $schema: 'https://gobl.org/draft-0/note/message', title: `Message ${n}`, content: `crash test ${n} `.repeat(20) }),
  (n: string) => ({
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    series: 'CR',
    code: n,
    currency: 'EUR',
    issue_date: '2026-11-20',
    supplier: { name: 'Provide One S.L.', tax_id: { country: 'ES', code: 'B98602642' } },
    customer: { name: 'Sample Consumer', tax_id: { country: 'ES', code: '54387763P' } },
    lines: [
      { quantity: '20', item: { name: 'Development services', price: '90.00' }, taxes: [{ cat: 'VAT', rate: 'general' }] },
      { quantity: '3', item: { name: 'Support', price: '12.50' }, taxes: [{ cat: 'VAT', rate: 'general' }] },
    ],
  }),
];

/**
 * Several clients creating entries as fast as they can until `stop()` is called (or the server dies
 * under them): POST with a new key, PUT with a new id and key, and now and then a POST that repeats a
 * key already acknowledged (which must be 409, before and after any crash).
 */
export function driveCreates(base: string, token: string, options: { clients: number; cycle: number; knownKeys: string[] }) {
  const load: CycleLoad = { acknowledged: [], inDoubt: [], conflicts: 0, unexpected: [], duplicates: [], requests: 0 };
  let stopped = false;
  let firstAcknowledged!: () => void;
  const acknowledgedOnce = new Promise<void>((resolve) => (firstAcknowledged = resolve));
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  let serial = 0;

  const one = async (client: number) => {
    const n = `${options.cycle}-${client}-${serial++}`;
    const roll = Math.random();
    if (roll < 0.1 && options.knownKeys.length > 0) {
      const key = options.knownKeys[Math.floor(Math.random() * options.knownKeys.length)];
      const outcome = await send(`${base}/silo/v1/entries`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ key, data: documents[0](n) }),
      });
      load.requests++;
      if (isNetworkError(outcome)) return false;
      if (outcome.status === 409) load.conflicts++;
      else if (outcome.status === 200) load.duplicates.push(key);
      else load.unexpected.push(`repeat ${key}: ${outcome.status} ${JSON.stringify(outcome.body)}`);
      return true;
    }
    const key = `crash-${n}-${randomUUID().slice(0, 8)}`;
    const data = documents[Math.floor(Math.random() * documents.length)](n);
    const put = roll < 0.4;
    const id = put ? randomUUID() : undefined;
    const outcome: Outcome = await send(put ? `${base}/silo/v1/entries/${id}` : `${base}/silo/v1/entries`, {
      method: put ? 'PUT' : 'POST',
      headers,
      body: JSON.stringify({ key, data }),
    });
    load.requests++;
    if (isNetworkError(outcome)) {
      load.inDoubt.push({ key, id, cycle: options.cycle });
      return false;
    }
    if (outcome.status !== 200) {
      load.unexpected.push(`${put ? 'PUT' : 'POST'} ${key}: ${outcome.status} ${JSON.stringify(outcome.body)}`);
      return true;
    }
    const entry = outcome.body;
    load.acknowledged.push({ id: entry.id, key, digest: entry.digest.val, dataHash: dataHash(entry.data), cycle: options.cycle });
    options.knownKeys.push(key);
    firstAcknowledged();
    return true;
  };

  const loops = Array.from({ length: options.clients }, async (_, client) => {
    while (!stopped) {
      if (!(await one(client))) return; // the server is gone
    }
  });
  return {
    load,
    /** Settles at the cycle's first 200, so a kill timer can start once the service is really serving. */
    acknowledgedOnce,
    stop() {
      stopped = true;
    },
    done: Promise.all(loops).then(() => load),
  };
}
