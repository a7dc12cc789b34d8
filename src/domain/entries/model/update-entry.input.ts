import { Type } from '@sinclair/typebox';
import { contentTypeSchema, fieldMessages, isObject, type ContentType, type CreateEntryInput } from './create-entry.input';
import { DomainError } from '../../shared/errors';
import { badInput, type ErrorFields } from '../../shared/errors';
import { FOLDER_PATTERN } from './folders';
import { compileShape, flagSchema, shapeProblems, withoutNulls } from '../../shared/shape-check';

/** The body of an update (PATCH `/silo/v1/entries/{id}`), as a schema: it checks every body and the OpenAPI description shows it. */
export const UpdateEntryBody = Type.Object(
  {
    data: Type.Optional(
      Type.Union([Type.Object({}, { additionalProperties: true }), Type.Array(Type.Unknown())], {
        description:
          'The new envelope or document; or a patch of the current envelope, as `content_type` says (JSON patch operations are an array).',
        expected: 'an object (or an array for a JSON patch)',
      }),
    ),
    content_type: contentTypeSchema('How `data` makes the new envelope: replaces it (default), or patches the current one.'),
    folder: Type.Optional(
      Type.String({
        pattern: FOLDER_PATTERN.source,
        description: 'Move the entry to this folder.',
        expected: `a string matching ${FOLDER_PATTERN.source}`,
      }),
    ),
    allow_invalid: Type.Optional(flagSchema('Store the new version even when it has faults.')),
    sign: Type.Optional(flagSchema('Sign the envelope with the service key (a new version).')),
  },
  {
    $id: 'UpdateEntry',
    description: 'A change of an entry: new data, a patch, a folder, a signature. A member that is null counts as absent.',
  },
);
const UPDATE_ENTRY = compileShape(UpdateEntryBody);

/** The checked body of an update. */
export interface UpdateEntryInput {
  data?: Record<string, unknown> | unknown[];
  contentType: ContentType;
  folder?: string;
  allowInvalid: boolean;
  sign: boolean;
}

/** Checks an update body (contract names) and reports every bad field at once. */
export function parseUpdateEntryInput(given: unknown): UpdateEntryInput {
  if (!isObject(given)) throw badInput('request body must be a JSON object');
  const body = Object.fromEntries(Object.entries(withoutNulls(given)).filter(([, value]) => value !== ''));
  const fields: ErrorFields = shapeProblems(UPDATE_ENTRY, body);
  const valid = (name: string) => !(name in fields);
  const data = valid('data') ? (body.data as UpdateEntryInput['data']) : undefined;
  const contentType = valid('content_type') ? ((body.content_type as ContentType | undefined) ?? 'application/json') : 'application/json';
  if (Array.isArray(data) && contentType !== 'application/json-patch+json') fields.data = 'must be an object';
  if (contentType !== 'application/json' && data === undefined && valid('data'))
    fields.data = `is required with content_type ${contentType}`;
  const names = Object.keys(fields);
  if (names.length > 0) throw badInput(fieldMessages(fields).join('; '), fields);
  return {
    data,
    contentType,
    folder: body.folder as string | undefined,
    allowInvalid: (body.allow_invalid as boolean | undefined) ?? false,
    sign: (body.sign as boolean | undefined) ?? false,
  };
}

/**
 * An update body as the engine runs it: a derivation of the entry from itself (its envelope is the previous
 * one), the folder staying unless one is given; or, when neither the data nor the signature changes, only the
 * folder. New data for a signed entry is refused: its envelope is never modified.
 */
export function updateAsDerivation(
  body: unknown,
  id: string,
  current: { folder: string; signed: boolean; received?: boolean },
): { input: CreateEntryInput } | { unchanged: { folder: string } } {
  const update = parseUpdateEntryInput(body);
  const folder = update.folder ?? current.folder;
  if (update.data !== undefined && current.signed) {
    throw new DomainError('entry-signed', 'the entry is signed: its data cannot change (its folder can)', {
      fields: { data: 'must be absent: the entry is signed' },
    });
  }
  // Another party's signed envelope, kept as it came: this workspace does not add its signature to it.
  if (update.sign && current.received) {
    throw new DomainError(
      'entry-signed',
      'the entry is signed by another party: it is kept as it came and cannot be signed here (its folder can change)',
      { fields: { sign: 'must be absent: the entry is signed by another party' } },
    );
  }
  if (update.data === undefined && !(update.sign && !current.signed)) return { unchanged: { folder } };
  const data = update.data as CreateEntryInput['data'];
  return { input: { data, folder, contentType: update.contentType, previousId: id, allowInvalid: update.allowInvalid, sign: update.sign } };
}
