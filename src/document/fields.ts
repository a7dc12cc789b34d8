import type { NodeKind } from './hooks';

/**
 * The JSON fields each kind of object has in GOBL. Reading a document, GOBL keeps only these and
 * silently drops anything else (a misspelt key disappears from the output), so the engine does the same.
 */
const DOC_HEAD = ['$schema', '$regime', '$addons', '$tags', 'uuid'];
const ADJUSTMENT = ['uuid', 'i', 'key', 'code', 'reason', 'base', 'percent', 'amount', 'taxes', 'ext', 'meta'];
const LINE_COMMON = ['uuid', 'i', 'quantity', 'identifier', 'period', 'order', 'cost', 'item', 'sum', 'discounts', 'charges', 'total', 'notes'];

export const FIELDS: Partial<Record<NodeKind, readonly string[]>> = {
  'bill/invoice': [
    ...DOC_HEAD, 'type', 'series', 'code', 'issue_date', 'issue_time', 'op_date', 'value_date', 'currency',
    'exchange_rates', 'preceding', 'tax', 'supplier', 'customer', 'lines', 'discounts', 'charges', 'ordering',
    'payment', 'delivery', 'totals', 'notes', 'complements', 'meta', 'attachments',
  ],
  'bill/order': [
    ...DOC_HEAD, 'type', 'series', 'code', 'issue_date', 'issue_time', 'op_date', 'value_date', 'currency',
    'exchange_rates', 'contracts', 'preceding', 'identities', 'period', 'tax', 'supplier', 'customer', 'buyer',
    'seller', 'lines', 'discounts', 'charges', 'payment', 'delivery', 'totals', 'notes', 'complements', 'meta',
    'attachments',
  ],
  'bill/delivery': [
    ...DOC_HEAD, 'type', 'series', 'code', 'issue_date', 'issue_time', 'value_date', 'currency', 'exchange_rates',
    'ordering', 'preceding', 'tracking', 'despatch_date', 'receive_date', 'tax', 'supplier', 'customer',
    'despatcher', 'receiver', 'courier', 'lines', 'discounts', 'charges', 'totals', 'notes', 'complements', 'meta',
    'attachments',
  ],
  'bill/payment': [
    ...DOC_HEAD, 'type', 'series', 'code', 'issue_date', 'issue_time', 'value_date', 'currency', 'exchange_rates',
    'ext', 'preceding', 'supplier', 'customer', 'payee', 'ordering', 'lines', 'methods', 'total', 'notes',
    'complements', 'meta',
  ],
  'bill/status': [
    '$schema', '$regime', '$addons', 'uuid', 'type', 'issue_date', 'issue_time', 'series', 'code', 'ext', 'supplier',
    'customer', 'ordering', 'lines', 'notes', 'meta',
  ],
  'bill/status-line': ['index', 'key', 'date', 'doc', 'description', 'reasons', 'actions', 'ext', 'complements', 'meta'],
  'bill/reason': ['key', 'description', 'faults', 'ext'],
  'bill/action': ['key', 'description', 'ext'],
  'bill/line': [
    'uuid', 'i', 'quantity', 'identifier', 'period', 'order', 'cost', 'item', 'breakdown', 'sum', 'discounts', 'charges',
    'taxes', 'total', 'substituted', 'seller', 'notes', 'ext',
  ],
  'bill/sub-line': LINE_COMMON,
  'bill/line-discount': ['key', 'code', 'reason', 'base', 'percent', 'amount', 'ext'],
  'bill/line-charge': ['key', 'code', 'reason', 'base', 'percent', 'quantity', 'unit', 'rate', 'amount', 'ext'],
  'bill/discount': ADJUSTMENT,
  'bill/charge': ADJUSTMENT,
  'bill/tax': ['prices_include', 'rounding', 'point', 'ext', 'notes', 'meta'],
  'bill/payment-details': ['payee', 'payer', 'terms', 'advances', 'instructions'],
  'bill/payment-line': [
    'uuid', 'i', 'refund', 'document', 'installment', 'description', 'payable', 'advances', 'amount', 'due', 'tax', 'notes',
  ],
  'bill/ordering': [
    'code', 'identities', 'cost', 'period', 'buyer', 'seller', 'issuer', 'projects', 'contracts', 'purchases', 'sales',
    'receiving', 'despatch', 'tender',
  ],
  'bill/delivery-details': ['receiver', 'identities', 'date', 'period', 'meta'],
  'bill/preceding': [
    'uuid', 'schema', 'type', 'issue_date', 'series', 'code', 'currency', 'lines', 'identities', 'period', 'reason',
    'description', 'stamps', 'url', 'tax', 'payable', 'ext', 'meta',
  ],
  'org/party': [
    '$schema', '$regime', 'uuid', 'label', 'name', 'alias', 'tax_id', 'identities', 'people', 'endpoints', 'inboxes',
    'addresses', 'emails', 'websites', 'telephones', 'registration', 'logos', 'ext', 'meta',
  ],
  'org/person': ['uuid', 'label', 'key', 'name', 'role', 'identities', 'addresses', 'emails', 'telephones', 'avatars', 'meta'],
  'org/name': ['uuid', 'alias', 'prefix', 'given', 'middle', 'surname', 'surname2', 'suffix', 'meta'],
  'org/address': [
    'uuid', 'label', 'po_box', 'num', 'floor', 'block', 'door', 'street', 'street_extra', 'locality', 'region',
    'state', 'code', 'country', 'coords', 'meta',
  ],
  'org/identity': ['uuid', 'label', 'scope', 'country', 'key', 'type', 'code', 'description', 'ext'],
  'org/item': [
    '$schema', 'uuid', 'ref', 'key', 'name', 'identities', 'description', 'images', 'currency', 'price', 'alt_prices',
    'unit', 'origin', 'ext', 'meta',
  ],
  'org/email': ['uuid', 'label', 'addr', 'meta'],
  'org/telephone': ['uuid', 'label', 'num'],
  'org/endpoint': ['uuid', 'label', 'uri'],
  'org/inbox': ['uuid', 'label', 'key', 'scheme', 'code', 'url', 'email'],
  'org/website': ['uuid', 'label', 'title', 'url'],
  'org/registration': [
    'uuid', 'label', 'capital', 'currency', 'office', 'book', 'volume', 'sheet', 'section', 'page', 'entry', 'other', 'ext',
  ],
  'org/note': ['uuid', 'key', 'code', 'src', 'text', 'meta', 'ext'],
  'org/attachment': ['uuid', 'key', 'code', 'name', 'description', 'url', 'digest', 'mime'],
  'tax/combo': ['cat', 'country', 'key', 'rate', 'percent', 'surcharge', 'ext'],
  'tax/identity': ['$schema', 'country', 'code', 'scheme', 'type'],
  'tax/note': ['cat', 'key', 'text', 'ext'],
  'pay/terms': ['key', 'due_dates', 'notes', 'ext'],
  'pay/advance': [
    'uuid', 'date', 'key', 'ref', 'description', 'percent', 'amount', 'currency', 'card', 'credit_transfer',
    'direct_debit', 'online', 'ext', 'meta',
  ],
  'pay/instructions': ['key', 'detail', 'ref', 'credit_transfer', 'card', 'direct_debit', 'online', 'notes', 'ext', 'meta'],
  'currency/exchange-rate': ['from', 'to', 'at', 'source', 'amount'],
  'note/message': ['$schema', 'uuid', 'title', 'content', 'meta'],
};

/** Field order of plain objects nested in a kind, keyed "kind.field"; used only to order output keys. */
const CREDIT_TRANSFER = ['iban', 'bic', 'number', 'name', 'branch'];
export const NESTED_FIELDS: Record<string, readonly string[]> = {
  'pay/terms.due_dates': ['date', 'notes', 'amount', 'percent', 'currency'],
  'pay/instructions.credit_transfer': CREDIT_TRANSFER,
  'pay/advance.credit_transfer': CREDIT_TRANSFER,
  'pay/instructions.card': ['first6', 'last4', 'holder'],
  'pay/advance.card': ['first6', 'last4', 'holder'],
  'pay/instructions.direct_debit': ['ref', 'creditor', 'account'],
  'pay/advance.direct_debit': ['ref', 'creditor', 'account'],
  'pay/instructions.online': ['key', 'label', 'url'],
  'pay/advance.online': ['key', 'label', 'url'],
  'org/item.alt_prices': ['label', 'currency', 'value'],
  'currency/exchange-rate.at': [],
  'bill/line.period': ['label', 'start', 'end'],
  'bill/invoice.exchange_rates': ['from', 'to', 'at', 'source', 'amount'],
};

const SETS = new Map<NodeKind, Set<string>>(
  Object.entries(FIELDS).map(([k, v]) => [k as NodeKind, new Set(v)]),
);

/** Deletes the fields GOBL would not read for this kind; kinds without a list are left as they are. */
export function dropUnknownFields(node: Record<string, unknown>, kind: NodeKind): void {
  const allowed = SETS.get(kind);
  if (!allowed) return;
  for (const k of Object.keys(node)) if (!allowed.has(k)) delete node[k];
}
