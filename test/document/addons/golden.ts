import * as fs from 'fs';
import * as path from 'path';
import type { NodeKind } from '../../../src/document/base/node-kind';
import type { Hooks, HookContext } from '../../../src/document/tax/hooks';
import { modelOf } from '../../../src/document/model/type-model';
import type { Fault, JsonObject } from '../../../src/document/base/types';
import { EXAMPLES, readJsonOrYaml } from '../../helpers/golden-examples';

/** Test helpers: the golden examples that use addons, and walkers that apply hooks the engine's way. */

export interface GoldenCase {
  name: string;
  input: JsonObject;
  output: JsonObject;
  addons: string[];
}

function docOf(data: JsonObject): JsonObject {
  return (data.doc && typeof data.doc === 'object' ? data.doc : data) as JsonObject;
}

/** Every example whose output document lists addons. */
export function goldenCases(): GoldenCase[] {
  if (!fs.existsSync(EXAMPLES)) return [];
  const out: GoldenCase[] = [];
  for (const country of fs.readdirSync(EXAMPLES).sort()) {
    const dir = path.join(EXAMPLES, country);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir).sort()) {
      if (!/\.(json|ya?ml)$/.test(file)) continue;
      const outFile = path.join(dir, 'out', file.replace(/\.(json|ya?ml)$/, '.json'));
      if (!fs.existsSync(outFile)) continue;
      const output = docOf(readJsonOrYaml<JsonObject>(outFile));
      const addons = Array.isArray(output.$addons) ? (output.$addons as string[]) : [];
      if (addons.length === 0) continue;
      out.push({ name: `${country}/${file}`, input: docOf(readJsonOrYaml<JsonObject>(path.join(dir, file))), output, addons });
    }
  }
  return out;
}

/** Applies normalize hooks depth first, children before parents, over GOBL's types as the engine walks them. */
export function normalizeWith(node: JsonObject, kind: NodeKind, hooks: Hooks[], ctx: HookContext): void {
  for (const { name: field, kind: childKind } of modelOf(kind)?.children ?? []) {
    const value = node[field];
    if (!childKind) continue;
    if (Array.isArray(value)) {
      for (const v of value) if (v && typeof v === 'object' && !Array.isArray(v)) normalizeWith(v as JsonObject, childKind, hooks, ctx);
    } else if (value && typeof value === 'object') normalizeWith(value as JsonObject, childKind, hooks, ctx);
  }
  for (const h of hooks) h.normalize?.(node, kind, ctx);
}

/** Collects validate hook faults over the whole tree, with JSON paths from `$.doc`. */
export function validateWith(node: JsonObject, kind: NodeKind, hooks: Hooks[], ctx: HookContext, at = '$.doc'): Fault[] {
  const faults: Fault[] = [];
  for (const h of hooks) faults.push(...(h.validate?.(node, kind, at, ctx) ?? []));
  for (const { name: field, kind: childKind } of modelOf(kind)?.children ?? []) {
    const value = node[field];
    if (!childKind) continue;
    if (Array.isArray(value)) {
      value.forEach((v, i) => {
        if (v && typeof v === 'object' && !Array.isArray(v))
          faults.push(...validateWith(v as JsonObject, childKind, hooks, ctx, `${at}.${field}[${i}]`));
      });
    } else if (value && typeof value === 'object') {
      faults.push(...validateWith(value as JsonObject, childKind, hooks, ctx, `${at}.${field}`));
    }
  }
  return faults;
}

export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
