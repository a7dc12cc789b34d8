/**
 * The document types the console has a form for, and which fields each form shows. The service's JSON Schema of a
 * type names every field GOBL has (an invoice reaches some fifty object types); a form of all of them would bury
 * the few a person fills in. A definition listed here shows only its fields, in this order; one not listed shows
 * all of its own. Fields left out stay in the document as they were (the JSON view beside shows and edits them).
 */
export interface DocumentKind {
  /** GOBL's name of the type: `bill/invoice`. */
  type: string;
  label: string;
  /** The root's fields, shown in this order. */
  fields: readonly string[];
}

export const DOCUMENT_KINDS: readonly DocumentKind[] = [
  {
    type: 'bill/invoice',
    label: 'Invoice',
    fields: [
      '$regime',
      'type',
      'series',
      'code',
      'issue_date',
      'currency',
      'supplier',
      'customer',
      'lines',
      'discounts',
      'charges',
      'payment',
      'notes',
    ],
  },
  {
    type: 'bill/payment',
    label: 'Payment',
    fields: ['$regime', 'type', 'method', 'series', 'code', 'issue_date', 'currency', 'supplier', 'customer', 'lines', 'notes'],
  },
  {
    type: 'bill/order',
    label: 'Order',
    fields: [
      '$regime',
      'type',
      'series',
      'code',
      'issue_date',
      'currency',
      'supplier',
      'customer',
      'lines',
      'discounts',
      'charges',
      'payment',
      'notes',
    ],
  },
  { type: 'org/party', label: 'Party', fields: ['name', 'alias', 'tax_id', 'addresses', 'emails', 'telephones', 'websites', 'identities'] },
  { type: 'note/message', label: 'Message', fields: ['title', 'content'] },
];

/** The fields each part shows, by definition name (`org.party`). */
export const PART_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'org.party': ['name', 'tax_id', 'addresses', 'emails', 'telephones'],
  'org.address': ['street', 'num', 'code', 'locality', 'region', 'country'],
  'org.email': ['addr'],
  'org.telephone': ['num'],
  'org.website': ['url'],
  'tax.identity': ['country', 'code'],
  'bill.line': ['quantity', 'item', 'discounts', 'charges', 'taxes'],
  'org.item': ['ref', 'name', 'price', 'unit'],
  'tax.combo': ['cat', 'key', 'rate', 'percent'],
  'bill.line-discount': ['reason', 'percent', 'amount'],
  'bill.line-charge': ['reason', 'percent', 'amount'],
  'bill.discount': ['reason', 'base', 'percent', 'amount', 'taxes'],
  'bill.charge': ['reason', 'base', 'percent', 'amount', 'taxes'],
  'bill.payment-details': ['terms', 'instructions', 'advances'],
  'pay.terms': ['key', 'detail', 'due_dates'],
  'pay.due-date': ['date', 'percent', 'amount', 'notes'],
  'pay.instructions': ['key', 'detail', 'credit_transfer'],
  'pay.credit-transfer': ['iban', 'bic', 'name'],
  'pay.record': ['description', 'date', 'percent', 'amount'],
  'bill.payment-line': ['document', 'description', 'amount'],
  'org.document-ref': ['type', 'series', 'code', 'issue_date', 'uuid'],
  'org.note': ['key', 'text'],
};

export const kindOf = (type: string | undefined): DocumentKind | undefined => DOCUMENT_KINDS.find((kind) => kind.type === type);

/** `https://gobl.org/draft-0/bill/invoice` → `bill/invoice`. */
export const typeOfSchemaUrl = (url: unknown): string | undefined =>
  typeof url === 'string' ? /^https:\/\/gobl\.org\/draft-0\/([a-z]+\/[a-z-]+)$/.exec(url)?.[1] : undefined;

export const schemaUrlOf = (type: string) => `https://gobl.org/draft-0/${type}`;
