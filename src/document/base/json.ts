import type { Json, JsonObject } from './types';

/** Small readers for parsed JSON, so calculation code never trusts a shape it did not check. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objects(value: Json | undefined): JsonObject[] {
  return Array.isArray(value) ? (value.filter(isObject) as JsonObject[]) : [];
}

export function str(value: Json | undefined): string {
  return typeof value === 'string' ? value : '';
}

export function strings(value: Json | undefined): string[] {
  return Array.isArray(value) ? (value.filter((v) => typeof v === 'string') as string[]) : [];
}
