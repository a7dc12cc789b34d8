import { invoice } from '../test/helpers/documents';

/** The letters of the word: one unbroken word, as long as the review's, in three fields of the invoice. */
export const LONG_WORD_LENGTH = 10_000;

/** An invoice with a LONG_WORD_LENGTH-character word in the customer's name, an item's name and a note. */
export const longWordInvoice = (code: string) =>
  invoice({
    code,
    customer: { name: 'C'.repeat(LONG_WORD_LENGTH), tax_id: { country: 'ES', code: '54387763P' } },
    lines: [{ quantity: '1', item: { name: 'I'.repeat(LONG_WORD_LENGTH), price: '90.00' }, taxes: [{ cat: 'VAT', rate: 'general' }] }],
    notes: [{ key: 'general', text: 'N'.repeat(LONG_WORD_LENGTH) }],
  });

export interface NoisyPdfResults {
  /** Invoices created, and PDFs asked for. */
  created: number;
  pdfs: number;
  /** Every answer, create or PDF, by status (`error` when no answer came). */
  statuses: Record<string, number>;
  slowestPdfMs: number;
}

/**
 * A noisy neighbour for the engine's threads: `loops` loops at once, each creating a long-word invoice in the
 * token's workspace and asking for its PDF, again and again, until the clock passes `untilMs` (a Date.now()
 * time) or `stop` aborts. Before PDF layout was linear in its text, each such PDF took the engine's whole time limit.
 */
export async function noisyPdfs(
  url: string,
  token: string,
  untilMs: number,
  options: { loops?: number; stop?: AbortSignal } = {},
): Promise<NoisyPdfResults> {
  const { loops = 2, stop } = options;
  const going = () => Date.now() < untilMs && !stop?.aborted;
  const results: NoisyPdfResults = { created: 0, pdfs: 0, statuses: {}, slowestPdfMs: 0 };
  const count = (status: number | string) => (results.statuses[status] = (results.statuses[status] ?? 0) + 1);
  const headers = { authorization: `Bearer ${token}` };
  const send = async (path: string, init: RequestInit = {}): Promise<Response | undefined> => {
    try {
      const response = await fetch(`${url}${path}`, { ...init, headers: { ...headers, ...init.headers } });
      count(response.status);
      return response;
    } catch {
      count('error');
      return undefined;
    }
  };
  const loop = async (n: number) => {
    for (let round = 0; going(); round += 1) {
      const created = await send('/silo/v1/entries', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: longWordInvoice(`NOISY-${n}-${round}`), allow_invalid: true }),
      });
      results.created += 1;
      const id = created?.ok ? ((await created.json()) as { id: string }).id : undefined;
      if (!id) continue;
      while (going()) {
        const started = performance.now();
        const pdf = await send(`/silo/v1/entries/${id}/pdf`);
        await pdf?.arrayBuffer();
        results.pdfs += 1;
        results.slowestPdfMs = Math.max(results.slowestPdfMs, performance.now() - started);
        // A new invoice now and then: creates and PDFs both go through the engine.
        if (results.pdfs % 5 === 0) break;
      }
    }
  };
  await Promise.all(Array.from({ length: loops }, (_, n) => loop(n)));
  return results;
}
