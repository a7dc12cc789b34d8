/** Schema URLs the engine knows. */
export const SCHEMA_BASE = 'https://gobl.org/draft-0/';
export const ENVELOPE_SCHEMA = `${SCHEMA_BASE}envelope`;

export const DOCUMENT_SCHEMAS = [
  'bill/invoice',
  'bill/order',
  'bill/delivery',
  'bill/payment',
  'bill/status',
  'org/party',
  'org/item',
  'note/message',
  'tax/identity',
] as const;
export type DocumentType = (typeof DOCUMENT_SCHEMAS)[number];

/** `bill/invoice` for `https://gobl.org/draft-0/bill/invoice`, or undefined when the URL is not one of ours. */
export function documentTypeOf(schema: unknown): DocumentType | undefined {
  if (typeof schema !== 'string' || !schema.startsWith(SCHEMA_BASE)) return undefined;
  const path = schema.slice(SCHEMA_BASE.length);
  return (DOCUMENT_SCHEMAS as readonly string[]).includes(path) ? (path as DocumentType) : undefined;
}
