import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { API_ROUTES } from '../../src/rest/api.routes';

/**
 * Every operation of the hosted API's published OpenAPI documents (silo, utils, sequence, transform) is a route of
 * this service, with the same method and path, and every member its request bodies name is one its body accepts:
 * what the hosted API's clients send is understood here. The documents are read from ../shared/spec/hosted; without
 * them this is skipped with one line.
 */
const HOSTED = path.resolve(__dirname, '../../../shared/spec/hosted');
const DOCUMENTS = ['silo_v1.yaml', 'utils_v1.yaml', 'sequence_v1.yaml', 'transform_v1.yaml'];
const found = existsSync(path.join(HOSTED, DOCUMENTS[0]));
if (!found) console.log(`The hosted API's OpenAPI documents (${HOSTED}) not found: the comparison with them is skipped.`);

type Json = Record<string, any>;
/** A path with its parameters unnamed: `/sequence/v1/series/{}/entries/{}`. */
const shape = (route: string) => route.replace(/\{[^}]+\}/g, '{}');

const ours = new Map(API_ROUTES.map((route) => [`${route.method.toUpperCase()} ${shape(route.path)}`, route]));

function operations(): { document: string; name: string; operation: Json; spec: Json }[] {
  return DOCUMENTS.flatMap((document) => {
    const spec = parse(readFileSync(path.join(HOSTED, document), 'utf8')) as Json;
    return Object.entries(spec.paths as Json).flatMap(([route, methods]) =>
      Object.entries(methods as Json)
        .filter(([method]) => ['get', 'put', 'post', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ document, name: `${method.toUpperCase()} ${shape(route)}`, operation: operation as Json, spec })),
    );
  });
}

/** The properties a request body's schema names, its `$ref` followed. */
function bodyMembers(operation: Json, spec: Json): string[] {
  let schema = operation.requestBody?.content?.['application/json']?.schema as Json | undefined;
  if (schema?.$ref) schema = spec.components.schemas[String(schema.$ref).split('/').pop()!];
  return Object.keys(schema?.properties ?? {});
}

(found ? describe : describe.skip)("the hosted API's operations", () => {
  const all = found ? operations() : [];

  test('there are the 39 the documents publish', () => {
    expect(all).toHaveLength(39);
  });

  test.each(all.map((op) => [op.name, op] as const))('%s is a route here', (name) => {
    expect(ours.has(name)).toBe(true);
  });

  test.each(all.filter((op) => op.operation.requestBody).map((op) => [op.name, op] as const))(
    '%s: every member of its body is one the route accepts',
    (name, op) => {
      const body = ours.get(name)?.body?.schema as Json | undefined;
      const accepted = Object.keys(body?.properties ?? {});
      const hosted = bodyMembers(op.operation, op.spec);
      if (body?.additionalProperties === false) expect(hosted.filter((member) => !accepted.includes(member))).toEqual([]);
    },
  );
});
