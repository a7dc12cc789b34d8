import { Type } from '@sinclair/typebox';
import type { JsonObject } from '../../../document';
import type { CorrectionOptions } from '../../../document/bill/invoice-correct';
import { readCorrectionOptions } from './correction-options';
import { badInput, type ErrorFields } from '../../shared/errors';
import { FOLDER_PATTERN } from './folders';
import { anyObjectSchema, compileShape, flagSchema, shapeProblems, uuidSchema, withoutNulls } from '../../shared/shape-check';

export const CONTENT_TYPES = ['application/json', 'application/json-patch+json', 'application/merge-patch+json'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** The `content_type` member of a create or update body: how its `data` makes the envelope. */
export const contentTypeSchema = (description: string) =>
  Type.Optional(
    Type.Union(
      CONTENT_TYPES.map((type) => Type.Literal(type)),
      { description },
    ),
  );

/**
 * The body of a create request (POST and PUT `/silo/v1/entries`) as a schema: it checks every body, in the
 * engine's threads, and the OpenAPI description shows it. `expected` is what the 400 says a member must be.
 */
export const CreateEntryBody = Type.Object(
  {
    data: Type.Optional(
      Type.Union([Type.Object({}, { additionalProperties: true }), Type.Array(Type.Unknown())], {
        description: 'A GOBL envelope or document; JSON patch operations with `content_type` application/json-patch+json.',
        expected: 'an object (or an array for a JSON patch)',
      }),
    ),
    key: Type.Optional(
      Type.String({ minLength: 1, maxLength: 255, description: 'Idempotency key, unique in the workspace.', expected: 'a string' }),
    ),
    folder: Type.Optional(Type.String({ pattern: FOLDER_PATTERN.source, expected: `a string matching ${FOLDER_PATTERN.source}` })),
    content_type: contentTypeSchema('How `data` derives the new entry from `previous_id`.'),
    previous_id: Type.Optional(uuidSchema('The entry the new one derives from.')),
    correct: Type.Optional(anyObjectSchema('Correction options: make the corrective document of `previous_id`.')),
    allow_invalid: Type.Optional(flagSchema('Store the document even when it has faults.')),
    sign: Type.Optional(flagSchema('Sign the envelope with the service key.')),
  },
  {
    $id: 'CreateEntry',
    description: 'A new entry: a document, or one derived from `previous_id`. A member that is null counts as absent.',
  },
);
const CREATE_ENTRY = compileShape(CreateEntryBody);

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

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
export const MAX_KEY_LENGTH = 255;

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a key cannot be used, or undefined when it can. */
export function keyProblem(key: string): string | undefined {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return `must be 1 to ${MAX_KEY_LENGTH} characters`;
  if (CONTROL_CHARACTERS.test(key)) return 'must not contain control characters';
  // A lone surrogate (a JSON `\ud83d` escape) has no UTF-8 form: MariaDB would store U+FFFD in its place.
  if (!key.isWellFormed()) return 'must be well-formed Unicode (no lone surrogates)';
  return undefined;
}

/** Checks a create request body (contract names, snake_case) and reports every bad field at once. */
export function parseCreateEntryInput(given: unknown): CreateEntryInput {
  if (!isObject(given)) throw badInput('request body must be a JSON object');
  // null reads as absent, and so does an empty folder, content type or previous id.
  const body = Object.fromEntries(Object.entries(withoutNulls(given)).filter(([name, value]) => !(value === '' && name !== 'key')));
  const fields: ErrorFields = shapeProblems(CREATE_ENTRY, body);
  const valid = (name: string) => !(name in fields);
  const data = valid('data') ? (body.data as JsonObject | unknown[] | undefined) : undefined;
  const key = valid('key') || typeof body.key === 'string' ? (body.key as string | undefined) : undefined;
  if (key !== undefined && keyProblem(key)) fields.key = keyProblem(key)!;
  const folder = valid('folder') ? (body.folder as string | undefined) : undefined;
  const contentType = valid('content_type') ? ((body.content_type as ContentType | undefined) ?? 'application/json') : 'application/json';
  const previousId = valid('previous_id') ? (body.previous_id as string | undefined) : undefined;
  const correctGiven = valid('correct') ? (body.correct as JsonObject | undefined) : undefined;
  const correction = correctGiven === undefined ? undefined : readCorrectionOptions(correctGiven);
  if (correction && 'problems' in correction) fields.correct = correction.problems;
  const correct = correction && 'options' in correction ? correction.options : undefined;
  const allowInvalid = valid('allow_invalid') ? ((body.allow_invalid as boolean | undefined) ?? false) : false;
  const sign = valid('sign') ? ((body.sign as boolean | undefined) ?? false) : false;

  if (Array.isArray(data) && contentType !== 'application/json-patch+json') fields.data = 'must be an object';
  if (contentType !== 'application/json' && previousId === undefined && valid('content_type')) {
    fields.previous_id = `is required with content_type ${contentType}`;
  }
  if (correctGiven !== undefined && previousId === undefined) fields.previous_id = 'is required with correct';
  if (correctGiven !== undefined && data !== undefined)
    fields.data = 'must be absent with correct: the corrective document is built from the previous entry';
  if (contentType !== 'application/json' && previousId !== undefined && data === undefined && valid('data'))
    fields.data = `is required with content_type ${contentType}`;
  if (data === undefined && previousId === undefined && valid('data')) fields.data = 'is required';

  const names = Object.keys(fields);
  if (names.length > 0) throw badInput(fieldMessages(fields).join('; '), fields);
  return { data, key, folder, contentType, previousId: previousId?.toLowerCase(), correct, allowInvalid, sign };
}

/** `["key: must be a string", "correct.type: is required"]` from nested field messages. */
export function fieldMessages(fields: ErrorFields, prefix = ''): string[] {
  return Object.entries(fields).flatMap(([name, value]) =>
    typeof value === 'string' ? [`${prefix}${name}: ${value}`] : fieldMessages(value, `${prefix}${name}.`),
  );
}
