/** How the console names an entry's parts for people: GOBL's own names, and one format for every date. */

/** GOBL's document types, as words (the PDF's words, src/render/bill-view.ts). */
const DOCUMENT_WORDS: Record<string, string> = {
  'bill/invoice': 'Invoice',
  'bill/order': 'Order',
  'bill/delivery': 'Delivery note',
  'bill/payment': 'Payment',
  'bill/status': 'Status',
  'org/party': 'Party',
  'org/item': 'Item',
  'note/message': 'Message',
};

/** GOBL's invoice and payment types that name the document themselves (`standard` does not). */
const TYPE_WORDS: Record<string, string> = {
  proforma: 'Proforma invoice',
  corrective: 'Corrective invoice',
  'credit-note': 'Credit note',
  'debit-note': 'Debit note',
  receipt: 'Payment receipt',
  request: 'Payment request',
  advice: 'Remittance advice',
};

/** "bill/invoice" from "https://gobl.org/draft-0/bill/invoice". */
export function schemaPath(docSchema: string): string {
  const match = /\/draft-\d+\/(.+)$/.exec(docSchema);
  return match ? match[1] : docSchema;
}

/** "Invoice", "Credit note", "Party"…: the document's type, and its own `type` when that names it better. */
export function documentType(docSchema: string, snippet?: Record<string, unknown>): string {
  const type = typeof snippet?.type === 'string' ? TYPE_WORDS[snippet.type] : undefined;
  return type ?? DOCUMENT_WORDS[schemaPath(docSchema)] ?? schemaPath(docSchema);
}

export function entryTitle(snippet: Record<string, unknown>): string {
  return typeof snippet.title === 'string' ? snippet.title : 'untitled';
}

/** "Invoice F-0001", "Party Acme": what a page about the entry is called. */
export function entryHeading(docSchema: string, snippet: Record<string, unknown>): string {
  return `${documentType(docSchema, snippet)} ${entryTitle(snippet)}`;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const nameOf = (party: unknown): string | undefined =>
  typeof party === 'object' && party !== null ? text((party as Record<string, unknown>).name) : undefined;

/** The document's number: series and code ("SAMPLE-0042"), or its title when it has none. */
export function entryNumber(snippet: Record<string, unknown>): string {
  const code = text(snippet.code);
  if (!code) return entryTitle(snippet);
  const series = text(snippet.series);
  return series ? `${series}-${code}` : code;
}

/** Who a bill is with: its customer, or its supplier when it names no customer (a party's name is its number already). */
export function counterparty(snippet: Record<string, unknown>): string {
  return nameOf(snippet.customer) ?? nameOf(snippet.supplier) ?? '';
}

/** What the document amounts to, as GOBL's decimal text, and its currency: payable, else total with tax. */
export function amountOf(snippet: Record<string, unknown>): { amount: string; currency?: string } | undefined {
  const amount = text(snippet.payable) ?? text(snippet.total_with_tax);
  return amount ? { amount, currency: text(snippet.currency) } : undefined;
}

/** The browser's language (read through globalThis: this module is also type-checked, and tested, without the DOM's types). */
const LOCALE = (globalThis as { navigator?: { language?: string } }).navigator?.language ?? 'en';

/** An amount in the browser's locale, in its currency; the decimal text goes to Intl as a string, never through a float's rounding of the digits shown. */
export function formatAmount(value: { amount: string; currency?: string }): string {
  const decimals = value.amount.split('.')[1]?.length ?? 0;
  const options: Intl.NumberFormatOptions = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  try {
    const format = new Intl.NumberFormat(LOCALE, value.currency ? { ...options, style: 'currency', currency: value.currency } : options);
    return format.format(value.amount as unknown as number);
  } catch {
    return value.currency ? `${value.amount} ${value.currency}` : value.amount;
  }
}

/** The one format of a date on every page: the locale's long date, as the document view writes it. */
const DATES = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeZone: 'UTC' });
/** A moment: the same long date, its time and the browser's time zone named. */
const MOMENTS = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeStyle: 'long' });

/** A moment in the browser's locale and time zone, the zone named. */
export function formatTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : MOMENTS.format(at);
}

/** A calendar date as GOBL writes it (`2026-11-20`): a day, with no time zone to convert it to. */
export function formatDate(day: string): string {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : undefined;
  return at && !Number.isNaN(at.getTime()) ? DATES.format(at) : day;
}

/** The folders the service files documents in by default: offered until the workspace's own are known. */
export const FOLDERS = ['sales', 'orders', 'deliveries', 'payments', 'statuses', 'parties', 'items', 'messages', 'other'];

/** The states the API accepts. */
export const STATES = [
  'processing',
  'sent',
  'error',
  'registered',
  'completed',
  'received',
  'rejected',
  'paid',
  'void',
  'draft',
  'invalid',
];
