import type { Regime } from './regime-def';
import type { Fault, JsonObject } from '../base/types';

/** What every validator may read: the document being checked, its regime and its addons. */
export interface ValidationContext {
  doc: JsonObject;
  regime?: Regime;
  addons: string[];
}

/** Checks one object of a known kind at `path` and returns its faults (children are walked separately). */
export type KindValidator = (node: JsonObject, path: string, vc: ValidationContext) => Fault[];
