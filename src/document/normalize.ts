import { normalizeBillNode } from './bill/normalize';
import type { HookContext, Hooks, NodeKind } from './hooks';
import { FIELDS, NESTED_FIELDS, dropUnknownFields } from './fields';
import { isObject } from './json';
import { normalizeMessage } from './note/normalize';
import { normalizeOrgNode } from './org/normalize';
import { normalizePayNode } from './pay/normalize';
import { foldTermsDetail } from './pay/terms';
import { regimeFor, regimeHooks } from './regimes';
import { genericIdentityHooks } from './regimes/regime-hooks';
import { normalizeTaxNode } from './tax/normalize';
import type { Json, JsonObject } from './types';

/** Which child fields of each kind of object hold which kind (lists and single objects alike). */
const PARTY: Record<string, NodeKind> = {
  tax_id: 'tax/identity',
  identities: 'org/identity',
  people: 'org/person',
  inboxes: 'org/inbox',
  addresses: 'org/address',
  emails: 'org/email',
  websites: 'org/website',
  telephones: 'org/telephone',
  registration: 'org/registration',
  endpoints: 'org/endpoint',
};
const BILL: Record<string, NodeKind> = {
  exchange_rates: 'currency/exchange-rate',
  preceding: 'bill/preceding',
  tax: 'bill/tax',
  supplier: 'org/party',
  customer: 'org/party',
  lines: 'bill/line',
  discounts: 'bill/discount',
  charges: 'bill/charge',
  ordering: 'bill/ordering',
  payment: 'bill/payment-details',
  delivery: 'bill/delivery-details',
  notes: 'org/note',
  attachments: 'org/attachment',
};
const LINE: Record<string, NodeKind> = {
  identifier: 'org/identity',
  item: 'org/item',
  breakdown: 'bill/sub-line',
  discounts: 'bill/line-discount',
  charges: 'bill/line-charge',
  taxes: 'tax/combo',
  substituted: 'bill/sub-line',
  seller: 'org/party',
  notes: 'org/note',
};
const DOC_REFS = ['projects', 'contracts', 'receiving', 'despatch', 'purchases', 'sales', 'tender'];

export const CHILDREN: Partial<Record<NodeKind, Record<string, NodeKind>>> = {
  'bill/invoice': BILL,
  'bill/order': { ...BILL, ordering: 'bill/ordering' },
  'bill/delivery': { ...BILL, despatcher: 'org/party', receiver: 'org/party', courier: 'org/party' },
  'bill/payment': {
    preceding: 'bill/preceding',
    ordering: 'bill/ordering',
    supplier: 'org/party',
    customer: 'org/party',
    payee: 'org/party',
    lines: 'bill/payment-line',
    tax: 'bill/tax',
    methods: 'pay/advance',
    instructions: 'pay/instructions',
    notes: 'org/note',
  },
  'bill/status': { supplier: 'org/party', customer: 'org/party', lines: 'bill/status-line', notes: 'org/note' },
  'bill/status-line': { doc: 'bill/preceding', reasons: 'bill/reason', actions: 'bill/action' },
  'bill/payment-line': { document: 'bill/preceding', notes: 'org/note' },
  'bill/line': LINE,
  'bill/sub-line': LINE,
  'bill/discount': { taxes: 'tax/combo' },
  'bill/charge': { taxes: 'tax/combo' },
  'bill/tax': { notes: 'tax/note' },
  'bill/preceding': { identities: 'org/identity' },
  'bill/payment-details': {
    payee: 'org/party',
    payer: 'org/party',
    terms: 'pay/terms',
    advances: 'pay/advance',
    instructions: 'pay/instructions',
  },
  'bill/ordering': {
    identities: 'org/identity',
    seller: 'org/party',
    buyer: 'org/party',
    issuer: 'org/party',
    ...Object.fromEntries(DOC_REFS.map((k) => [k, 'bill/preceding' as NodeKind])),
  },
  'bill/delivery-details': { receiver: 'org/party', identities: 'org/identity' },
  'org/party': PARTY,
  'org/person': { name: 'org/name', identities: 'org/identity', emails: 'org/email', telephones: 'org/telephone', addresses: 'org/address' },
  'org/item': { identities: 'org/identity' },
};

export interface Normalizers {
  /** The engine's own normalizer per kind: runs first on a node, after its children. */
  intrinsic: (node: JsonObject, kind: NodeKind) => void;
  /** The document regime's hooks, then each addon's, in the order they run. */
  regime: Hooks;
  addons: Hooks[];
}

/** The engine's normalizers for the kinds it owns. */
export function intrinsicNormalize(node: JsonObject, kind: NodeKind): void {
  if (kind.startsWith('org/') || kind === 'bill/preceding') normalizeOrgNode(node, kind);
  else if (kind === 'note/message') normalizeMessage(node);
  normalizeTaxNode(node, kind);
  normalizeBillNode(node, kind);
  normalizePayNode(node, kind);
}

/**
 * Walks the document depth first and normalizes each object after its children, as GOBL does:
 * first the engine's own rules, then the regime's, then each addon's. Null entries in lists are dropped.
 * A tax identity is normalized by the regime of its own country.
 */
export function normalizeTree(root: JsonObject, kind: NodeKind, ctx: HookContext, n: Normalizers): void {
  visit(root, kind, ctx, n);
}

function visit(node: JsonObject, kind: NodeKind, ctx: HookContext, n: Normalizers): void {
  decodeLegacy(node, kind);
  dropUnknownFields(node, kind);
  const children = CHILDREN[kind];
  if (children) {
    for (const [field, childKind] of Object.entries(children)) {
      const value = node[field];
      if (Array.isArray(value)) {
        const kept = value.filter((v) => v !== null);
        if (kept.length !== value.length) node[field] = kept;
        for (const v of kept) if (isObject(v)) visit(v, childKind, ctx, n);
      } else if (isObject(value)) {
        visit(value, childKind, ctx, n);
      }
    }
  }
  cleanExtensions(node);
  n.intrinsic(node, kind);
  const regime = kind === 'tax/identity' ? identityHooks(node) : n.regime;
  regime.normalize?.(node, kind, ctx);
  for (const h of n.addons) h.normalize?.(node, kind, ctx);
}

/** A tax identity is normalized by its own country's regime, or by the generic cleanup when there is none. */
function identityHooks(node: JsonObject): Hooks {
  const country = typeof node.country === 'string' ? node.country : undefined;
  return regimeFor(country) ? regimeHooks(country) : genericIdentityHooks;
}

/** Fields older versions of the format used, moved to where GOBL reads them now. */
function decodeLegacy(node: JsonObject, kind: NodeKind): void {
  switch (kind) {
    case 'tax/combo':
      if ((node.rate === undefined || node.rate === '') && Array.isArray(node.tags) && typeof node.tags[0] === 'string') {
        node.rate = node.tags[0];
      }
      break;
    case 'bill/payment': {
      const method = node.method;
      if (isObject(method) && !(Array.isArray(node.methods) && node.methods.length > 0)) {
        const record: JsonObject = {};
        for (const k of ['key', 'ref', 'card', 'direct_debit', 'online', 'ext', 'meta']) if (method[k] !== undefined) record[k] = method[k];
        if (method.detail !== undefined) record.description = method.detail;
        if (Array.isArray(method.credit_transfer) && method.credit_transfer.length > 0) {
          record.credit_transfer = method.credit_transfer[0];
        }
        node.methods = [record];
      }
      break;
    }
    case 'pay/advance':
      if (typeof node.desc === 'string' && node.desc !== '') node.description = node.desc;
      break;
    case 'pay/terms':
      foldTermsDetail(node);
      break;
    default:
  }
}

/** GOBL drops empty extension values wherever extensions appear. */
function cleanExtensions(node: JsonObject): void {
  const ext = node.ext;
  if (!isObject(ext)) return;
  for (const k of Object.keys(ext)) if (ext[k] === '' || ext[k] === null) delete ext[k];
  if (Object.keys(ext).length === 0) delete node.ext;
}

/** Map-typed fields: GOBL leaves them out when empty. Other empty objects are structs and stay as `{}`. */
const MAP_FIELDS = new Set(['ext', 'meta']);

/**
 * Removes what GOBL's JSON output leaves out: null values, empty strings, empty lists and empty maps,
 * at any depth. Numbers, booleans, zero amounts (strings like "0.00") and empty structs stay.
 */
export function pruneEmpty(value: Json, field = ''): Json | undefined {
  if (value === null) return undefined;
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (Array.isArray(value)) {
    const out: Json[] = [];
    for (const v of value) {
      const p = pruneEmpty(v);
      if (p !== undefined) out.push(p);
    }
    return out.length === 0 ? undefined : out;
  }
  if (typeof value === 'object') {
    let any = false;
    for (const k of Object.keys(value)) {
      const p = pruneEmpty(value[k], k);
      if (p === undefined) delete value[k];
      else {
        value[k] = p;
        any = true;
      }
    }
    return any || !MAP_FIELDS.has(field) ? value : undefined;
  }
  return value;
}

/** Rank of each field in its kind's order, built once. */
const RANKS = new Map<readonly string[], Map<string, number>>();
function ranksOf(order: readonly string[]): Map<string, number> {
  let r = RANKS.get(order);
  if (!r) {
    r = new Map(order.map((k, i) => [k, i]));
    RANKS.set(order, r);
  }
  return r;
}

const NESTED_BY_KIND = new Map<string, [string, readonly string[]][]>();
for (const [key, order] of Object.entries(NESTED_FIELDS)) {
  const [kind, field] = key.split('.');
  if (order.length === 0) continue;
  NESTED_BY_KIND.set(kind, [...(NESTED_BY_KIND.get(kind) ?? []), [field, order]]);
}

/**
 * A copy of the document with each known object's keys in GOBL's field order (its Go struct order), so the JSON
 * reads as GOBL writes it. Key order changes neither the digest (canonical JSON sorts keys) nor equality.
 * Builds new objects rather than deleting keys, which keeps V8's fast object shapes.
 */
export function orderFields(node: JsonObject, kind: NodeKind): JsonObject {
  const children = CHILDREN[kind];
  const nested = NESTED_BY_KIND.get(kind);
  const order = FIELDS[kind];
  const out = order ? sortKeys(node, order) : { ...node };
  if (children) {
    for (const field of Object.keys(children)) {
      const value = out[field];
      const childKind = children[field];
      if (Array.isArray(value)) out[field] = value.map((v) => (isObject(v) ? orderFields(v, childKind) : v));
      else if (isObject(value)) out[field] = orderFields(value, childKind);
    }
  }
  for (const [field, fieldOrder] of nested ?? []) {
    const value = out[field];
    if (Array.isArray(value)) out[field] = value.map((v) => (isObject(v) ? sortKeys(v, fieldOrder) : v));
    else if (isObject(value)) out[field] = sortKeys(value, fieldOrder);
  }
  return out;
}

function sortKeys(node: JsonObject, order: readonly string[]): JsonObject {
  const ranks = ranksOf(order);
  const rank = (k: string) => ranks.get(k) ?? order.length;
  const keys = Object.keys(node);
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i++) sorted = rank(keys[i - 1]) <= rank(keys[i]);
  if (!sorted) keys.sort((a, b) => rank(a) - rank(b));
  const out: JsonObject = {};
  for (const k of keys) out[k] = node[k];
  return out;
}
