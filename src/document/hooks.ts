import type { Regime } from './regimes/regime';
import type { Fault, JsonObject } from './types';

/**
 * The kinds of object the engine walks. Regimes and addons hook into normalization and validation
 * per kind, as GOBL does, without the engine knowing any country or addon.
 */
export type NodeKind =
  | 'bill/invoice'
  | 'bill/order'
  | 'bill/delivery'
  | 'bill/payment'
  | 'bill/status'
  | 'org/party'
  | 'org/item'
  | 'note/message'
  | 'tax/identity'
  | 'bill/line'
  | 'bill/discount'
  | 'bill/charge'
  | 'bill/preceding'
  | 'tax/combo'
  | 'tax/totals'
  | 'org/address'
  | 'org/identity'
  | 'pay/instructions'
  | 'pay/terms'
  | 'pay/advance'
  | 'bill/tax'
  // Finer kinds the walker also visits (added later; hooks may ignore them).
  | 'bill/line-discount'
  | 'bill/line-charge'
  | 'bill/sub-line'
  | 'bill/payment-details'
  | 'bill/payment-line'
  | 'bill/status-line'
  | 'bill/reason'
  | 'bill/action'
  | 'bill/ordering'
  | 'bill/delivery-details'
  | 'org/person'
  | 'org/email'
  | 'org/telephone'
  | 'org/inbox'
  | 'org/endpoint'
  | 'org/website'
  | 'org/registration'
  | 'org/note'
  | 'org/name'
  | 'org/attachment'
  | 'tax/note'
  | 'currency/exchange-rate';

export interface HookContext {
  /** The root document being processed. */
  doc: JsonObject;
  regime?: Regime;
  /** Addon keys active on the document (`$addons`). */
  addons: string[];
  /** The moment the document is processed, for defaults that fall back on today's date. */
  now?: Date;
}

/** Mutates `node` in place. */
export type Normalizer = (node: JsonObject, kind: NodeKind, ctx: HookContext) => void;

/** Returns the faults of `node`; `path` is its JSON path in the envelope, e.g. `$.doc.lines[0]`. */
export type Validator = (node: JsonObject, kind: NodeKind, path: string, ctx: HookContext) => Fault[];

export interface Hooks {
  normalize?: Normalizer;
  validate?: Validator;
}
