import type { TObject, TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { RequestHandler } from 'express';
import { badInput, type ErrorFields } from '../domain/errors';

/** What a field must be, in the words of its schema (`expected`), or of its type. */
function expectation(schema: TSchema): string {
  if (typeof schema.expected === 'string') return schema.expected;
  if (schema.anyOf) return `one of ${(schema.anyOf as TSchema[]).map((s) => s.const).join(', ')}`;
  return `a single ${schema.type ?? 'value'}`;
}

/** The 400 for every property of `value` that its schema refuses, named by the first segment of its path. */
function refusal(check: TypeCheck<TObject>, value: unknown): ErrorFields {
  const fields: ErrorFields = {};
  for (const error of check.Errors(value)) {
    const name = error.path.split('/')[1] ?? '';
    const property = (check.Schema().properties as Record<string, TSchema>)[name];
    if (name && !(name in fields)) fields[name] = `must be ${property ? expectation(property) : 'absent'}`;
  }
  return fields;
}

/**
 * Checks a request's path parameters, query and parsed JSON body against the schemas the OpenAPI description shows for
 * them (src/rest/api-schemas.ts), before the handler runs: 400 `input` naming each parameter at fault.
 */
export function checkRequest(schemas: { params?: TObject; query?: TObject; body?: TObject }): RequestHandler {
  const checks = Object.entries(schemas).map(([part, schema]) => [part, TypeCompiler.Compile(schema)] as const);
  return (req, _res, next) => {
    const fields: ErrorFields = {};
    for (const [part, check] of checks) {
      if (part === 'body' && (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body))) throw badInput('request body must be a JSON object');
      const value = part === 'params' ? req.params : part === 'query' ? req.query : req.body;
      if (!check.Check(value)) Object.assign(fields, refusal(check, value));
    }
    const names = Object.keys(fields);
    if (names.length > 0) throw badInput(names.map((name) => `${name}: ${fields[name] as string}`).join('; '), fields);
    next();
  };
}
