import { defaultFieldResolver, isObjectType, type GraphQLFieldResolver, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import { Extensions } from 'type-graphql';

/**
 * The one path every field of the schema is resolved through. A field is declared once, in its type's class
 * (TypeGraphQL's @Field, for its type, description and complexity) and, when its value is not the root's own
 * member, with a plain resolver beside it (`@ResolvedBy`): no per-call wrapper builds resolver data or sorts
 * parameters for it. The field checks of a type (a guard, a middleware) go round every one of its fields, its
 * plain members, its `@ResolvedBy` resolvers and TypeGraphQL's @FieldResolver methods alike: there is no field
 * a check can miss. Without checks a plain member keeps graphql's default resolver, which graphql-jit inlines.
 */

/** Runs before a field resolves: throws (or rejects) to refuse it. */
export type FieldCheck<TContext = unknown> = (
  source: unknown,
  args: Record<string, unknown>,
  context: TContext,
  info: GraphQLResolveInfo,
) => void | Promise<void>;

/** The checks of each object type, by its GraphQL name: `{ Entry: [guard] }`. */
export type FieldChecks = Readonly<Record<string, readonly FieldCheck<never>[]>>;

const RESOLVED_BY = 'resolvedBy';

/** The field's plain resolver, declared with the field in its type's class. */
export const ResolvedBy = <TSource, TContext, TArgs = Record<string, unknown>>(
  resolve: (source: TSource, args: TArgs, context: TContext, info: GraphQLResolveInfo) => unknown,
) => Extensions({ [RESOLVED_BY]: resolve });

type AnyResolver = GraphQLFieldResolver<unknown, unknown>;

/** A resolver behind the checks: the same resolver when there are none. */
function throughChecks(checks: readonly FieldCheck<unknown>[], resolve: AnyResolver | undefined): AnyResolver | undefined {
  if (checks.length === 0) return resolve;
  const resolved = resolve ?? defaultFieldResolver;
  return (source, args, context, info) => {
    for (let i = 0; i < checks.length; i++) {
      const pending = checks[i](source, args, context, info);
      if (pending && typeof (pending as Promise<void>).then === 'function') {
        // An asynchronous check: the remaining ones, then the field, once it has passed.
        return checks
          .slice(i + 1)
          .reduce((before, check) => before.then(() => check(source, args, context, info)), pending as Promise<void>)
          .then(() => resolved(source, args, context, info));
      }
    }
    return resolved(source, args, context, info);
  };
}

/**
 * Gives each field of the schema's object types its resolver on the one path: its `@ResolvedBy` resolver (or
 * TypeGraphQL's, or graphql's default) behind its type's checks. Part of building the schema (schema.ts).
 */
export function routeFields(schema: GraphQLSchema, checks: FieldChecks = {}): void {
  for (const name of Object.keys(checks)) {
    if (!isObjectType(schema.getType(name))) throw new Error(`field checks for ${name}, which is not an object type of the schema`);
  }
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const typeChecks = (checks[type.name] ?? []) as readonly FieldCheck<unknown>[];
    for (const field of Object.values(type.getFields())) {
      const declared = field.extensions[RESOLVED_BY] as AnyResolver | undefined;
      if (declared && field.resolve) throw new Error(`${type.name}.${field.name} has two resolvers: @ResolvedBy and a @FieldResolver`);
      field.resolve = throughChecks(typeChecks, declared ?? field.resolve);
    }
  }
}
