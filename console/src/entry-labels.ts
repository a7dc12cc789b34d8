/** How the console names an entry's parts for people. */

/** "bill/invoice" from "https://gobl.org/draft-0/bill/invoice". */
export function documentType(docSchema: string): string {
  const match = /\/draft-\d+\/(.+)$/.exec(docSchema);
  return match ? match[1] : docSchema;
}

export function entryTitle(snippet: Record<string, unknown>): string {
  return typeof snippet.title === 'string' ? snippet.title : 'untitled';
}

/** A moment in the browser's locale and time zone. */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleString();
}

/** The folders the service files documents in by default; the API cannot list the folders in use. */
export const FOLDERS = ['sales', 'orders', 'deliveries', 'payments', 'statuses', 'parties', 'items', 'messages', 'other'];

/** The states the API accepts. */
export const STATES = ['processing', 'sent', 'error', 'registered', 'completed', 'received', 'rejected', 'paid', 'void', 'draft', 'invalid'];
