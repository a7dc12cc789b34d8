import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchemaSync } from 'type-graphql';
import { EntryResolver } from './entry.resolver';
import { KeysResolver } from './keys.resolver';
import { NodeResolver } from './node.resolver';

/** The committed SDL, emitted by `npm run schema:emit` and checked for drift by test/graphql/schema.test.ts. */
export const SCHEMA_FILE = 'schema/schema.graphql';

/** The schema, from the TypeGraphQL types. class-validator is off: every rule lives in the domain. */
export function buildGraphQLSchema(): GraphQLSchema {
  return buildSchemaSync({ resolvers: [EntryResolver, NodeResolver, KeysResolver], validate: false, emitSchemaFile: false });
}

/** The schema as SDL, sorted so that its text depends only on the types. */
export function schemaSdl(schema: GraphQLSchema = buildGraphQLSchema()): string {
  const header = '# Generated from the TypeGraphQL types in src/graphql by `npm run schema:emit`. Do not edit.\n\n';
  return `${header}${printSchema(lexicographicSortSchema(schema))}\n`;
}
