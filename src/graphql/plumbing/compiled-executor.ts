import v8 from 'node:v8';
import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import {
  execute,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  printSchema,
  visit,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/**
 * String, ID, Int, Float and Boolean leaves are passed through as resolved, not run through graphql-js's
 * serializers: for each leaf of each entry graphql-jit would otherwise allocate its error path and
 * location, a tenth of a page's garbage. The domain already holds those types (the storage layer maps
 * every column); custom scalars (DateTime, JSONObject, UUID) are still serialized.
 * `test/graphql/compiled-executor.test.ts` compares every field with graphql-js's answer.
 */
const COMPILE_OPTIONS = { disableLeafSerialization: true };

const SEEN_ONCE = Symbol('seen once');
/** Fields (aliases and fragments' fields included) of the largest operation compiled; a page with every field has about 60. */
const MOST_FIELDS_COMPILED = 150;

/** The fields a document selects, in all its operations and fragments. */
function fieldsOf(document: DocumentNode): number {
  let count = 0;
  visit(document, {
    Field() {
      count += 1;
    },
  });
  return count;
}

/** A compiled operation and its definition, or null where graphql-js runs it (no such operation, a subscription, a first run). */
export type Plan = { compiled: CompiledQuery; operation: OperationDefinitionNode } | null;

/** The executor Apollo runs, and the plans it has compiled already (what the router's known operations run). */
export interface CompiledExecutor extends GatewayInterface {
  /** The operation's plan when it has been compiled, else null; never compiles nor counts a run. */
  compiledPlan(document: DocumentNode, operationName: string | undefined): Plan;
}

/**
 * Runs operations with graphql-jit instead of graphql-js: each parsed document is compiled once into a
 * function that resolves and builds the response with plain objects. Under graphql-js a page of entries
 * cost about three times more CPU (a field-by-field interpreter, and result objects without a prototype,
 * which JSON.stringify serializes slowly), and GraphQL was a tax over REST.
 *
 * Apollo Server takes another executor only through its gateway interface; this is a gateway in that
 * sense alone: one local schema, loaded once. Parsing, validation (depth, introspection), the complexity
 * plugin, formatError and the HTTP answer stay Apollo's. Variables are coerced by graphql-js, so defaults
 * and coercion errors are exactly graphql-js's; what graphql-jit does not compile, graphql-js runs.
 */
export function compiledExecutor(schema: GraphQLSchema, observe: { compiled?: () => void } = {}): CompiledExecutor {
  // graphql-jit compiles each plan with `new Function`, and V8 keeps every such source with its code in its
  // compilation cache, outside any bound here: 60 distinct aliased-page queries left 70 MB after collections.
  // A plan is compiled once per document and kept below, so that cache would never be hit anyway.
  v8.setFlagsFromString('--no-compilation-cache');
  // Apollo keeps parsed documents in its bounded document store, so one document object stands for one query
  // text; a plan is kept under its operation's node and goes when its document does. Never under the name the
  // client sent: a name that matches no operation would be a key of any length, kept as long as the document.
  // A document is compiled the second time it runs: compiling costs several of its runs under graphql-js, and a
  // query sent once (ids written into its text, forty aliases) would hold the thread for it and gain nothing.
  const plans = new WeakMap<OperationDefinitionNode, CompiledQuery | null | typeof SEEN_ONCE>();

  const planOf = (document: DocumentNode, operationName: string | undefined): Plan => {
    const operation = getOperationAST(document, operationName);
    if (!operation || operation.operation === 'subscription') return null;
    let compiled = plans.get(operation);
    if (compiled === undefined) {
      // A large operation (forty aliases of an entry with its files) is never compiled: compiling it would hold
      // the thread for tens of milliseconds, and its cost is in the many values it answers, not in its plan.
      plans.set(operation, fieldsOf(document) > MOST_FIELDS_COMPILED ? null : SEEN_ONCE);
      return null;
    }
    if (compiled === SEEN_ONCE) {
      observe.compiled?.();
      const result = compileQuery(schema, document, operation.name?.value, COMPILE_OPTIONS);
      compiled = isCompiledQuery(result) ? result : null;
      plans.set(operation, compiled);
    }
    return compiled && { compiled, operation };
  };

  // Apollo's own operationName is that of the operation it found (none for an unknown name): the client's is in the request.
  const executor: GatewayExecutor = async ({ document, request, context }) => {
    const { operationName, variables = {} } = request;
    const plan = planOf(document, operationName);
    if (!plan) return execute({ schema, document, operationName, contextValue: context, variableValues: variables });
    const coerced = getVariableValues(schema, plan.operation.variableDefinitions ?? [], variables, { maxErrors: 50 });
    if (coerced.errors) return { errors: coerced.errors };
    const result = await plan.compiled.query(undefined, context, coerced.coerced);
    return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
  };

  const compiledPlan = (document: DocumentNode, operationName: string | undefined): Plan => {
    const operation = getOperationAST(document, operationName);
    const compiled = operation && plans.get(operation);
    return compiled && compiled !== SEEN_ONCE ? { compiled, operation: operation! } : null;
  };

  return {
    compiledPlan,
    load: async () => ({ executor }),
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return () => {};
    },
    stop: async () => {},
  };
}

/**
 * graphql-jit's errors are GraphQLErrors by prototype only: without the extensions Apollo reads on every
 * error, and with their cause not enumerable. Remade as graphql-js makes them, so formatError sees one kind.
 */
export function asGraphQLError(error: GraphQLError): GraphQLError {
  const remade = new GraphQLError(error.message, {
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: error.extensions,
  });
  return Object.assign(remade, { locations: error.locations });
}
