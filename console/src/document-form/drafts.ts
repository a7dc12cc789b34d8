import { readToken } from '../token-store';
import { refusalOf, type Refusal } from '../refusal';
import { newEntryPath } from '../router';

/** How a new document is made from an entry's: a copy to change, or GOBL's credit note of an invoice. */
export type DraftFrom = 'copy' | 'credit-note';

/** The new entry page, starting from an entry's document (a real link: it opens in another tab too). */
export const draftPath = (id: string, as: DraftFrom) => `${newEntryPath()}?${new URLSearchParams({ from: id, as }).toString()}`;

/** What the address of the new entry page asks to start from, if anything. */
export function draftRequest(search: string): { from: string; as: DraftFrom } | undefined {
  const query = new URLSearchParams(search);
  const from = query.get('from');
  const as = query.get('as');
  return from && (as === 'copy' || as === 'credit-note') ? { from, as } : undefined;
}

/** Members of a document that name that one document and no other: a copy gets its own (the service gives a uuid). */
const OWN_MEMBERS = ['uuid', 'code', 'stamps', 'totals'];

/** A document to start another from: the same, without its identity, number, stamps and calculated totals. */
export function duplicateOf(doc: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(doc).filter(([name]) => !OWN_MEMBERS.includes(name)));
}

/**
 * GOBL's credit note of an invoice (its lines and taxes, `preceding` naming it), made by the service's correct
 * route; nothing stored. The new note has no code yet.
 */
export async function creditNoteOf(envelope: unknown): Promise<{ doc: Record<string, unknown> } | { refusal: Refusal }> {
  const response = await fetch('/silo/v1/gobl/correct', {
    method: 'POST',
    headers: { authorization: `Bearer ${readToken() ?? ''}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data: envelope, options: { type: 'credit-note' } }),
  });
  const body = (await response.json().catch(() => undefined)) as { data?: Record<string, unknown> } | undefined;
  if (!response.ok || !body?.data) return { refusal: refusalOf(body as never, `the service answered ${response.status}`) };
  const made = (body.data.doc ?? body.data) as Record<string, unknown>;
  return { doc: duplicateOf(made) };
}
