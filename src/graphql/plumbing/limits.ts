import { createHash } from 'node:crypto';
import type { ApolloServerPlugin, BaseContext, GraphQLRequestListener } from '@apollo/server';
import {
  GraphQLError,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type ASTNode,
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator, type ComplexityEstimatorArgs } from 'graphql-query-complexity';
import { LRUCache } from 'lru-cache';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../domain/entries/model/list-entries.query';

/** Defaults; GRAPHQL_MAX_DEPTH and GRAPHQL_MAX_COMPLEXITY override them. */
export const DEFAULT_MAX_DEPTH = 8;
export const DEFAULT_MAX_COMPLEXITY = 10_000;

/**
 * Tokens a query document may hold. graphql-js validation grows with the square of repeated fields and runs
 * before any limit below, so the document is bounded while it is parsed. Real queries, the whole
 * introspection query included, use a few hundred.
 */
export const MAX_QUERY_TOKENS = 2_000;

/**
 * Costs remembered, across documents and variables, the least recently used going first. Each is a number
 * under a short key (a hash of the variables, never their text), so the memory is a few hundred KB at most.
 */
export const MEASURES_KEPT = 4_096;

/** What a field costs when it names no cost: 1. `data` costs more (a whole envelope is read and sent). */
export const DATA_COMPLEXITY = 10;

/**
 * What an entry's `attachments`, `meta` and `versions` cost besides their fields: 5, one more batched query per
 * page. Their size is bounded elsewhere: files and meta rows by the request's data budget (each place they are
 * shown pays their bytes), versions by the newest VERSIONS_SHOWN and the connection's `first`.
 */
export const PART_COMPLEXITY = 5;

/** A list field's cost is its items' cost times the page size it will be served at (REST's limit rules). */
export function pageComplexity({ args, childComplexity }: ComplexityEstimatorArgs): number {
  const first = typeof args.first === 'number' && args.first > 0 ? Math.min(args.first, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  return 1 + first * childComplexity;
}

/**
 * The cost of another paged list: its items' cost times the page size it will be served at (`first`, its default
 * when absent, at most `max`), plus `base` for reading it (PART_COMPLEXITY for a list read once per parent).
 */
export const pagedComplexity =
  (defaultSize: number, max: number, base = 1) =>
  ({ args, childComplexity }: ComplexityEstimatorArgs): number => {
    const first = typeof args.first === 'number' && args.first > 0 ? Math.min(args.first, max) : defaultSize;
    return base + first * childComplexity;
  };

const refused = (message: string) =>
  new GraphQLError(message, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } } });

const isIntrospection = (name: string) => name === '__schema' || name === '__type';

/**
 * Refuses operations nested deeper than `maxDepth` fields, counting fragments as they expand (each
 * fragment's depth is computed once, so fan-out cannot blow up the count). Introspection subtrees are
 * not counted: graphql-js bounds them with MaxIntrospectionDepthRule.
 */
export function depthLimitRule(maxDepth: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragmentDepths = new Map<string, number>();
    const inProgress = new Set<string>();

    const fragmentDepth = (fragment: FragmentDefinitionNode | undefined): number => {
      if (!fragment) return 0; // unknown fragment: KnownFragmentNamesRule reports it
      const name = fragment.name.value;
      const known = fragmentDepths.get(name);
      if (known !== undefined) return known;
      if (inProgress.has(name)) return 0; // a cycle: NoFragmentCyclesRule reports it
      inProgress.add(name);
      const depth = selectionDepth(fragment.selectionSet);
      inProgress.delete(name);
      fragmentDepths.set(name, depth);
      return depth;
    };

    /** Depth of the deepest field under a selection set, the set's own fields being at depth 1. */
    const selectionDepth = (selectionSet: SelectionSetNode): number => {
      let deepest = 0;
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          if (isIntrospection(selection.name.value)) continue;
          deepest = Math.max(deepest, 1 + (selection.selectionSet ? selectionDepth(selection.selectionSet) : 0));
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, selectionDepth(selection.selectionSet));
        } else {
          deepest = Math.max(deepest, fragmentDepth(context.getFragment(selection.name.value) ?? undefined));
        }
      }
      return deepest;
    };

    return {
      OperationDefinition(operation) {
        const depth = selectionDepth(operation.selectionSet);
        if (depth > maxDepth) {
          const name = operation.name ? `"${operation.name.value}" ` : '';
          context.reportError(
            new GraphQLError(`operation ${name}is nested ${depth} levels deep; the limit is ${maxDepth}`, {
              nodes: [operation],
              extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
            }),
          );
        }
      },
    };
  };
}

/**
 * The validation rules every operation passes besides graphql-js's own, over HTTP (Apollo) and over WebSocket
 * (graphql-ws) alike: one set, so that a subscription is bounded as a query is.
 */
export const limitRules = (maxDepth: number): ValidationRule[] => [depthLimitRule(maxDepth)];

/**
 * The estimated cost of operations against `maxComplexity`: one model for every operation, queries and mutations
 * over HTTP (complexityLimitPlugin) and subscriptions over WebSocket (checked at subscribe time: each event of a
 * subscription runs the same document with the same variables, so each execution costs what was measured then).
 * Every field counts, aliases included (each alias is a separate field), and fragments count where they are
 * spread. Priced once the operation is known, so that `first` given in variables is priced at its value.
 */
export class OperationCosts {
  // Apollo reuses one parsed document per query text, so its cost is measured once per operation and the values of
  // the variables its cost depends on (costVariablesOf): a createEntry's input, however large, is not among them.
  // Keys are the document's number and those values, hashed when long: a key must not keep a client's megabytes.
  private readonly measured = new LRUCache<string, number>({ max: MEASURES_KEPT });
  private readonly documents = new WeakMap<DocumentNode, { number: number; costVariables: readonly string[] }>();
  private documentsSeen = 0;

  constructor(readonly maxComplexity: number) {}

  /** How many costs are remembered (for tests). */
  measuresKept(): number {
    return this.measured.size;
  }

  /** The operation's estimated cost. */
  costOf(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined, variables: Record<string, unknown>): number {
    let known = this.documents.get(document);
    if (known === undefined)
      this.documents.set(document, (known = { number: this.documentsSeen++, costVariables: costVariablesOf(schema, document) }));
    let values = JSON.stringify([operationName ?? null, ...known.costVariables.map((name) => variables[name] ?? null)]);
    if (values.length > 128) values = createHash('sha256').update(values).digest('base64url');
    const key = `${known.number}:${values}`;
    let cost = this.measured.get(key);
    if (cost === undefined) {
      const measured = measure(schema, document, operationName, variables);
      // Not kept when variables did not coerce: another request's, with the same values of these, may well.
      if (measured.kept) this.measured.set(key, measured.cost);
      cost = measured.cost;
    }
    return cost;
  }

  /** Throws GRAPHQL_VALIDATION_FAILED when the operation costs more than the limit. */
  check(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined, variables: Record<string, unknown>): void {
    const complexity = this.costOf(schema, document, operationName, variables);
    if (complexity > this.maxComplexity) {
      throw refused(`operation is too complex: cost ${complexity}, the limit is ${this.maxComplexity} (ask for fewer entries or fields)`);
    }
  }
}

/** The complexity plugin, and how many costs it holds (for tests). */
export interface ComplexityLimitPlugin extends ApolloServerPlugin {
  measuresKept(): number;
  /** The costs it measured, which the router's known operations check too (known-operations.ts). */
  readonly costs: OperationCosts;
}

/** Refuses, before execution, an HTTP operation whose estimated cost is over `maxComplexity` (OperationCosts). */
export function complexityLimitPlugin(maxComplexity: number): ComplexityLimitPlugin {
  const costs = new OperationCosts(maxComplexity);
  // The same hooks for every request: they keep nothing of their own.
  const hooks: GraphQLRequestListener<BaseContext> = {
    async didResolveOperation({ request, document, schema, operation }) {
      // No operation of that name: nothing will run, and execution reports the unknown name itself.
      if (!operation) return;
      costs.check(schema, document, request.operationName || undefined, request.variables ?? {});
    },
  };
  return {
    costs,
    measuresKept: () => costs.measuresKept(),
    requestDidStart: async () => hooks,
  };
}

/**
 * The variables a document's cost depends on: those in the arguments of fields priced by a function of their
 * arguments (`complexity: pageComplexity`, in the field's extensions) and in directives (@include, @skip). No other
 * estimator reads a value: the others price a field by its type alone.
 */
export function costVariablesOf(schema: GraphQLSchema, document: DocumentNode): string[] {
  const names = new Set<string>();
  const typeInfo = new TypeInfo(schema);
  const variablesIn = (node: ASTNode) =>
    visit(node, {
      Variable(variable) {
        names.add(variable.name.value);
      },
    });
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      VariableDefinition: () => false,
      Field(field) {
        if (typeof typeInfo.getFieldDef()?.extensions?.complexity === 'function')
          for (const argument of field.arguments ?? []) variablesIn(argument);
      },
      Directive(directive) {
        variablesIn(directive);
      },
    }),
  );
  return [...names].sort();
}

function measure(
  schema: GraphQLSchema,
  query: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown>,
): { cost: number; kept: boolean } {
  try {
    const cost = getComplexity({
      schema,
      query,
      operationName,
      variables,
      estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
    });
    return { cost, kept: true };
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    // Variables that do not coerce: execution refuses them, with BAD_USER_INPUT, before any resolver runs.
    if (/^Variable /.test(error.message)) return { cost: 0, kept: false };
    throw refused(`operation is too complex: ${error.message}`); // over the node count graphql-query-complexity walks
  }
}
