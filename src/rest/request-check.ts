import type { TObject } from '@sinclair/typebox';
import type { RequestHandler } from 'express';
import { badInput, type ErrorFields } from '../domain/shared/errors';
import { compileShape, shapeProblems } from '../domain/shared/shape-check';

/**
 * Checks a request's path parameters, query and parsed JSON body against the schemas the OpenAPI description shows for
 * them (src/rest/api-schemas.ts), before the handler runs: 400 `input` naming each parameter at fault.
 */
export function checkRequest(schemas: { params?: TObject; query?: TObject; body?: TObject }): RequestHandler {
  const checks = Object.entries(schemas).map(([part, schema]) => [part, compileShape(schema)] as const);
  return (req, _res, next) => {
    const fields: ErrorFields = {};
    for (const [part, check] of checks) {
      if (part === 'body') assertObjectBody(req.body);
      const value = part === 'params' ? req.params : part === 'query' ? req.query : req.body;
      Object.assign(fields, shapeProblems(check, value));
    }
    refuseProblems(fields);
    next();
  };
}

/**
 * The same check of a body read apart from the middleware chain (a file upload's members, once its base64 is set
 * aside): throws 400 `input` naming each member at fault.
 */
export function bodyCheck(schema: TObject): (body: unknown) => void {
  const check = compileShape(schema);
  return (body) => {
    assertObjectBody(body);
    refuseProblems(shapeProblems(check, body));
  };
}

function assertObjectBody(body: unknown): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badInput('request body must be a JSON object');
}

function refuseProblems(fields: ErrorFields): void {
  const names = Object.keys(fields);
  if (names.length > 0) throw badInput(names.map((name) => `${name}: ${fields[name] as string}`).join('; '), fields);
}
