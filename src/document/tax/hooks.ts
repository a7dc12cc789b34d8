import type { NodeKind } from '../base/node-kind';
import type { Regime } from './regime-def';
import type { Fault, JsonObject } from '../base/types';

export interface HookContext {
  /** The root document being processed. */
  doc: JsonObject;
  regime?: Regime;
  /** Addon keys active on the document (`$addons`). */
  addons: string[];
  /** The moment the document is processed: for defaults that stamp the time or fall back on today (absent while validating). */
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

/** What a regime or an addon does to one kind of object. */
export type KindNormalizeHook = (node: JsonObject, ctx: HookContext) => void;
export type KindValidateHook = (node: JsonObject, path: string, ctx: HookContext) => Fault[];

/**
 * Hooks made of one function per kind of object, which is how most regimes and addons act: each names the
 * kinds it touches, and the others pass untouched.
 */
export function hooksByKind(by: {
  normalize?: Partial<Record<NodeKind, KindNormalizeHook>>;
  validate?: Partial<Record<NodeKind, KindValidateHook>>;
}): Hooks {
  const hooks: Hooks = {};
  const normalizers = by.normalize;
  const validators = by.validate;
  if (normalizers) hooks.normalize = (node, kind, ctx) => normalizers[kind]?.(node, ctx);
  if (validators) hooks.validate = (node, kind, path, ctx) => validators[kind]?.(node, path, ctx) ?? [];
  return hooks;
}
