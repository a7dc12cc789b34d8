import { normalizeBillNode } from '../bill/normalize';
import type { NodeKind } from '../base/node-kind';
import type { HookContext, Hooks } from '../tax/hooks';
import { dropUnknownFields } from '../base/fields';
import { isObject } from '../base/json';
import { type KindModel, MAP_FIELDS, SCHEMA_FIELD, modelOf } from '../model/type-model';
import { normalizeCode } from '../cbc/code';
import { complementKindOf } from '../base/complements';
import { normalizeMessage } from '../note/normalize';
import { normalizeOrgNode } from '../org/normalize';
import { normalizePayNode } from '../pay/normalize';
import { foldTermsDetail } from '../pay/terms';
import { regimeFor, regimeHooks } from '../regimes';
import { genericIdentityHooks } from '../regimes/hooks';
import { normalizeTaxNode } from '../tax/normalize';
import { DOCUMENT_SCHEMAS } from '../base/schemas';
import type { Json, JsonObject } from '../base/types';

export interface Normalizers {
  /** The engine's own normalizer per kind: runs first on a node, after its children. */
  intrinsic: (node: JsonObject, kind: NodeKind) => void;
  /** The document regime's hooks, then each addon's, in the order they run. */
  regime: Hooks;
  addons: Hooks[];
}

/** The engine's normalizers for the kinds it owns. */
export function intrinsicNormalize(node: JsonObject, kind: NodeKind): void {
  if (kind.startsWith('org/')) normalizeOrgNode(node, kind);
  else if (kind === 'note/message') normalizeMessage(node);
  normalizeTaxNode(node, kind);
  normalizeBillNode(node, kind);
  normalizePayNode(node, kind);
}

/**
 * Walks the object depth first, by the types GOBL's schemas describe, and normalizes each object after its
 * children, as GOBL does: first the engine's own rules, then the regime's, then each addon's. At every depth
 * the fields its type lacks are dropped first, as GOBL's decoding drops them (a document's root keeps `$schema`).
 * Null entries in lists are dropped. A tax identity is normalized by the regime of its own country.
 */
export function normalizeTree(root: JsonObject, kind: NodeKind, ctx: HookContext, n: Normalizers): void {
  visit(root, kind, ctx, n, (DOCUMENT_SCHEMAS as readonly string[]).includes(kind));
}

function visit(node: JsonObject, kind: NodeKind, ctx: HookContext, n: Normalizers, root = false): void {
  decodeLegacy(node, kind);
  const model = modelOf(kind);
  if (model) {
    dropUnknownFields(node, model, root);
    for (const c of model.children) {
      const value = node[c.name];
      if (value === undefined) continue;
      const childKind = c.kind as NodeKind;
      if (Array.isArray(value)) {
        const kept = value.filter((v) => v !== null);
        if (kept.length !== value.length) node[c.name] = kept;
        for (const v of kept) if (isObject(v)) visit(v, childKind, ctx, n);
      } else if (isObject(value)) {
        visit(value, childKind, ctx, n);
      }
    }
  }
  if (model) normalizeCodes(node, model);
  cleanExtensions(node);
  n.intrinsic(node, kind);
  const regime = kind === 'tax/identity' ? identityHooks(node) : n.regime;
  regime.normalize?.(node, kind, ctx);
  for (const h of n.addons) h.normalize?.(node, kind, ctx);
}

/** GOBL cleans every code of a document wherever it stands (cbc/code.ts), before the object's own normalizers. */
function normalizeCodes(node: JsonObject, model: KindModel): void {
  for (const f of model.codes) {
    const value = node[f.name];
    if (typeof value === 'string') node[f.name] = normalizeCode(value);
    else if (Array.isArray(value)) node[f.name] = value.map((v) => (typeof v === 'string' ? normalizeCode(v) : v));
  }
}

/** A tax identity is normalized by its own country's regime, or by the generic cleanup when there is none. */
function identityHooks(node: JsonObject): Hooks {
  const country = typeof node.country === 'string' ? node.country : undefined;
  return regimeFor(country) ? regimeHooks(country) : genericIdentityHooks;
}

/** Fields older versions of the format used, moved to where GOBL reads them now. */
export function decodeLegacy(node: JsonObject, kind: NodeKind): void {
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
    case 'pay/record':
      if (typeof node.desc === 'string' && node.desc !== '') node.description = node.desc;
      break;
    case 'pay/online':
      // Online payment links once had `name` and `addr`; they are now `label` and `url`.
      if (typeof node.name === 'string' && node.name !== '') node.label = node.name;
      if (typeof node.addr === 'string' && node.addr !== '') node.url = node.addr;
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

/** Complements of a type the engine knows are pruned like the rest; any other is written back as it was given. */
function pruneComplements(value: Json): Json | undefined {
  if (!Array.isArray(value)) return pruneEmpty(value);
  const out: Json[] = [];
  for (const v of value) {
    const p = isObject(v) && complementKindOf(v[SCHEMA_FIELD]) === undefined ? v : pruneEmpty(v);
    if (p !== undefined) out.push(p);
  }
  return out.length === 0 ? undefined : out;
}

/**
 * Removes what GOBL's JSON output leaves out: null values, empty strings, empty lists and empty maps,
 * at any depth. Numbers, booleans, zero amounts (strings like "0.00") and empty structs stay. Maps are the fields
 * GOBL's types declare as maps (`ext`, `meta`); other empty objects are structs and stay as `{}`.
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
      const p = k === 'complements' ? pruneComplements(value[k]) : pruneEmpty(value[k], k);
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
