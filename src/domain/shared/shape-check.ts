import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { badInput, type ErrorFields } from './errors';

/** What a field must be, in the words of its schema (`expected`), or of its type. */
function expectation(schema: TSchema): string {
  if (typeof schema.expected === 'string') return schema.expected;
  if (schema.anyOf) return `one of ${(schema.anyOf as TSchema[]).map((s) => s.const).join(', ')}`;
  return `a single ${schema.type ?? 'value'}`;
}

/** A compiled check of an object's members against its schema. */
export const compileShape = (schema: TObject): TypeCheck<TObject> => TypeCompiler.Compile(schema);

/** A JSON pointer below a member as a reader writes it: `/steps/0/next/1/id` is `steps[0].next[1].id`. */
const dotted = (path: string) =>
  path
    .split('/')
    .slice(1)
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');

/** What is wrong inside a member (a list's item, an object's field), said of the place itself. */
function innerProblem(error: ValueError): string {
  const where = dotted(error.path);
  if (error.type === ValueErrorType.ObjectRequiredProperty) return `${where} is missing`;
  if (error.type === ValueErrorType.ObjectAdditionalProperties) return `${where} is not one of its fields`;
  return `${where} must be ${expectation(error.schema)}`;
}

/**
 * Each member of `value` that its schema refuses, named by the first segment of its path, with what it
 * must be and, when the fault is inside it, where: the messages of a 400 `input`. Empty when the value fits.
 */
export function shapeProblems(check: TypeCheck<TObject>, value: unknown): ErrorFields {
  const fields: ErrorFields = {};
  if (check.Check(value)) return fields;
  for (const error of check.Errors(value)) {
    const [, name = '', ...inner] = error.path.split('/');
    const property = (check.Schema().properties as Record<string, TSchema>)[name];
    if (!name || name in fields) continue;
    const expected = `must be ${property ? expectation(property) : 'absent'}`;
    fields[name] = property && inner.length > 0 ? `${expected}: ${innerProblem(error)}` : expected;
  }
  return fields;
}

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
/** A UUID in a request, described. */
export const uuidSchema = (description: string) => Type.String({ pattern: UUID, description, expected: 'a UUID' });
/** Any JSON object: an envelope, a document, a JSON Schema. */
export const anyObjectSchema = (description: string, expected = 'an object') =>
  Type.Object({}, { additionalProperties: true, description, expected });
/** true or false. */
export const flagSchema = (description: string) => Type.Boolean({ description, expected: 'true or false' });

/** A request body's members without those that are null: the contract reads null as absent. */
export const withoutNulls = (body: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));

/**
 * A command's body checked against its compiled schema: 400 `input` naming each member at fault, as REST's request
 * checks do, so that a body refused through GraphQL reads the same.
 */
export function readShaped<T>(check: TypeCheck<TObject>, body: unknown): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badInput('request body must be a JSON object');
  const fields = shapeProblems(check, body);
  const names = Object.keys(fields);
  if (names.length > 0) throw badInput(names.map((name) => `${name}: ${fields[name] as string}`).join('; '), fields);
  return body as T;
}
