import { isObject } from '../base/json';
import type { Json, JsonObject } from '../base/types';

/** Small readers for parsed JSON, so validators and addons never trust shapes. */

export { isObject };

export function asObject(value: unknown): JsonObject | undefined {
  return isObject(value) ? value : undefined;
}

export function asArray(value: unknown): Json[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** GOBL's "present": not absent, not null, not an empty string, list or object. */
export function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (isObject(value)) return Object.keys(value).length > 0;
  return true;
}

/** A decimal amount as GOBL writes it: a string (or, leniently, a number). */
export function asAmount(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/* Readers of one field of an object that may be absent. */

export function str(node: JsonObject | undefined, field: string): string {
  const value = node?.[field];
  return typeof value === 'string' ? value : '';
}

export function obj(node: JsonObject | undefined, field: string): JsonObject | undefined {
  const value = node?.[field];
  return isObject(value) ? value : undefined;
}

export function objects(node: JsonObject | undefined, field: string): JsonObject[] {
  const value = node?.[field];
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** True when a field holds something other than null, '', an empty list or an empty object. */
export function present(node: JsonObject | undefined, field: string): boolean {
  return isPresent(node?.[field]);
}
