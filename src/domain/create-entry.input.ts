import type { JsonObject } from '../document';
import type { CorrectionOptions } from '../document/bill/invoice-correct';
import { readCorrectionOptions } from './derive/correction-options';
import { badInput, type ErrorFields } from './errors';
import { FOLDER_PATTERN } from './folders';

export const CONTENT_TYPES = ['application/json', 'application/json-patch+json', 'application/merge-patch+json'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** The checked body of a create request. */
export interface CreateEntryInput {
  data?: JsonObject | unknown[];
  key?: string;
  folder?: string;
  contentType: ContentType;
  previousId?: string;
  correct?: CorrectionOptions;
  allowInvalid: boolean;
  sign: boolean;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
export const MAX_KEY_LENGTH = 255;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a key cannot be used, or undefined when it can. */
export function keyProblem(key: string): string | undefined {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return `must be 1 to ${MAX_KEY_LENGTH} characters`;
  if (CONTROL_CHARACTERS.test(key)) return 'must not contain control characters';
  // A lone surrogate (a JSON `\ud83d` escape) has no UTF-8 form: MariaDB would store U+FFFD in its place.
  if (!key.isWellFormed()) return 'must be well-formed Unicode (no lone surrogates)';
  return undefined;
}

/** Checks a create request body (contract names, snake_case) and reports every bad field at once. */
export function parseCreateEntryInput(body: unknown): CreateEntryInput {
  if (!isObject(body)) throw badInput('request body must be a JSON object');
  const fields: ErrorFields = {};
  const optional = <T>(name: string, check: (v: unknown) => v is T, expected: string): T | undefined => {
    const value = body[name];
    if (value === undefined || value === null) return undefined;
    if (check(value)) return value;
    fields[name] = `must be ${expected}`;
    return undefined;
  };
  const isString = (v: unknown): v is string => typeof v === 'string';
  const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
  const isData = (v: unknown): v is JsonObject | unknown[] => isObject(v) || Array.isArray(v);

  const data = optional('data', isData, 'an object (or an array for a JSON patch)');
  const key = optional('key', isString, 'a string');
  if (key !== undefined && keyProblem(key)) fields.key = keyProblem(key)!;
  const folder = optional('folder', isString, 'a string') || undefined;
  if (folder !== undefined && !FOLDER_PATTERN.test(folder)) fields.folder = 'must match ^[a-z0-9][a-z0-9_-]{0,63}$';
  const contentType = optional('content_type', isString, 'a string') || 'application/json';
  if (!(CONTENT_TYPES as readonly string[]).includes(contentType)) fields.content_type = `must be one of ${CONTENT_TYPES.join(', ')}`;
  const previousId = optional('previous_id', isString, 'a UUID') || undefined;
  if (previousId !== undefined && !UUID_PATTERN.test(previousId)) fields.previous_id = 'must be a UUID';
  const correctGiven = optional('correct', isObject, 'an object');
  const correction = correctGiven === undefined ? undefined : readCorrectionOptions(correctGiven);
  if (correction && 'problems' in correction) fields.correct = correction.problems;
  const correct = correction && 'options' in correction ? correction.options : undefined;
  const allowInvalid = optional('allow_invalid', isBoolean, 'true or false') ?? false;
  const sign = optional('sign', isBoolean, 'true or false') ?? false;

  if (Array.isArray(data) && contentType !== 'application/json-patch+json') fields.data = 'must be an object';
  if (contentType !== 'application/json' && previousId === undefined && !fields.content_type) {
    fields.previous_id = `is required with content_type ${contentType}`;
  }
  if (correctGiven !== undefined && previousId === undefined) fields.previous_id = 'is required with correct';
  if (correctGiven !== undefined && data !== undefined) fields.data = 'must be absent with correct: the corrective document is built from the previous entry';
  if (contentType !== 'application/json' && previousId !== undefined && data === undefined && !fields.data) fields.data = `is required with content_type ${contentType}`;
  if (data === undefined && previousId === undefined && !fields.data) fields.data = 'is required';

  const names = Object.keys(fields);
  if (names.length > 0) throw badInput(fieldMessages(fields).join('; '), fields);
  return { data, key, folder, contentType: contentType as ContentType, previousId: previousId?.toLowerCase(), correct, allowInvalid, sign };
}

/** `["key: must be a string", "correct.type: is required"]` from nested field messages. */
export function fieldMessages(fields: ErrorFields, prefix = ''): string[] {
  return Object.entries(fields).flatMap(([name, value]) =>
    typeof value === 'string' ? [`${prefix}${name}: ${value}`] : fieldMessages(value, `${prefix}${name}.`),
  );
}
