import type { ApolloServerPlugin, BaseContext, GraphQLRequestListener } from '@apollo/server';
import { getVariableValues, GraphQLError, type DocumentNode, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { LRUCache } from 'lru-cache';
import { documentBytes } from './bounded-cache';
import { asGraphQLError, type CompiledExecutor } from './compiled-executor';
import type { GraphQLContext } from './context';
import { logOperationErrors } from './error-logging.plugin';
import { formatError } from './format-error';
import { answerText } from './heavy-results';
import type { OperationCosts } from './limits';

/** Estimated heap of the documents kept by query text (each also in Apollo's store, so mostly shared). */
export const KNOWN_DOCUMENT_BYTES = 16 * 1024 ** 2;

/** A POST body as Apollo reads it: the fields it takes, whatever else the object holds. */
interface OperationBody {
  query?: unknown;
  operationName?: unknown;
  variables?: unknown;
  extensions?: unknown;
}

/** What a known operation answers: the HTTP status, and the JSON text Apollo's stringifyResult gives. */
export interface KnownAnswer {
  status: number;
  headers: [string, string][];
  text: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);

/**
 * Operations Apollo has already parsed and validated, run again without its per-request pipeline: a request
 * whose query text Apollo accepted before, whose operation graphql-jit has compiled, which is a plain POST (no
 * batch, no extensions such as a persisted query's), costs what the complexity limit allows and has variables
 * that coerce, is run here: the same compiled plan, the same context, the same error formatting and logging,
 * the same JSON text. Apollo's pipeline (its hash of the query text, its document store's lookup, each plugin's
 * hooks and their promises, its header maps and content negotiation) cost a third of a page of entries. Any
 * other request, and any of these whose checks fail before it runs (nothing has run yet), goes to Apollo, which
 * answers or refuses it as it always has.
 */
export class KnownOperations {
  // Keyed by query text: a document for a text is the same for every request (the schema and the rules are fixed).
  private readonly documents = new LRUCache<string, DocumentNode>({
    maxSize: KNOWN_DOCUMENT_BYTES,
    sizeCalculation: (document, query) => Math.max(1, documentBytes(document) + 2 * query.length),
  });

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly executor: CompiledExecutor,
    private readonly costs: OperationCosts,
  ) {}

  /** Records each document Apollo validated and resolved an operation of, under its query text. */
  readonly plugin: ApolloServerPlugin<BaseContext> = (() => {
    const hooks: GraphQLRequestListener<BaseContext> = {
      didResolveOperation: async ({ source, document, operation }) => {
        if (operation && typeof source === 'string' && !this.documents.has(source)) this.documents.set(source, document);
      },
    };
    return { requestDidStart: async () => hooks };
  })();

  /** How many documents are known (for tests). */
  size(): number {
    return this.documents.size;
  }

  /**
   * The answer to a POST body, or undefined when Apollo is to answer it (nothing was run). `context` makes the
   * request's context once the operation is known to run; it is not called otherwise.
   */
  async answer(body: unknown, context: () => GraphQLContext): Promise<KnownAnswer | undefined> {
    if (!isRecord(body)) return undefined;
    const { query, operationName, variables, extensions } = body as OperationBody;
    if (typeof query !== 'string') return undefined;
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return undefined;
    if (variables !== undefined && variables !== null && !isRecord(variables)) return undefined;
    if (extensions !== undefined && extensions !== null && !(isRecord(extensions) && Object.keys(extensions).length === 0))
      return undefined;
    const document = this.documents.get(query);
    if (!document) return undefined;
    const name = typeof operationName === 'string' ? operationName : undefined;
    const plan = this.executor.compiledPlan(document, name);
    if (!plan) return undefined;
    const values = (variables as Record<string, unknown> | null | undefined) ?? {};
    // Apollo measures the cost of an operation before it runs, and refuses one over the limit: it answers that one.
    if (this.costs.costOf(this.schema, document, name, values) > this.costs.maxComplexity) return undefined;
    const coerced = getVariableValues(this.schema, plan.operation.variableDefinitions ?? [], values, { maxErrors: 50 });
    if (coerced.errors) return undefined;
    let contextValue: GraphQLContext;
    try {
      contextValue = context();
    } catch {
      return undefined; // Apollo makes it again, and answers its refusal as it answers any context's
    }
    const result = await plan.compiled.query(undefined, contextValue, coerced.coerced);
    const errors = result.errors?.map(asGraphQLError);
    const data = result.data as Record<string, unknown> | null | undefined;
    if (!errors?.length) return { status: 200, headers: [], text: await answerText({ data }, contextValue.readTurn.heavy) };
    logOperationErrors(contextValue.log, errors);
    const formatted = formatErrors(errors);
    // Apollo answers 400 when errors came without data and none of them set a status.
    const status = formatted.status ?? (data === undefined ? 400 : 200);
    return { status, headers: formatted.headers, text: await answerText({ errors: formatted.errors, data }, contextValue.readTurn.heavy) };
  }
}

/**
 * Apollo's own formatting of an operation's errors (normalizeAndFormatErrors, not exported by @apollo/server):
 * each error's code defaults to INTERNAL_SERVER_ERROR, an `http` extension sets the answer's status and headers
 * and is taken out, then formatError writes it; a formatError that throws gives Apollo's masked error.
 */
function formatErrors(errors: readonly GraphQLError[]): {
  errors: GraphQLFormattedError[];
  status?: number;
  headers: [string, string][];
} {
  let status: number | undefined;
  const headers = new Map<string, string>();
  const formatted = errors.map((error): GraphQLFormattedError => {
    try {
      const extensions: Record<string, unknown> = { ...error.extensions, code: error.extensions.code ?? 'INTERNAL_SERVER_ERROR' };
      const http = extensions.http as { status?: unknown; headers?: unknown } | undefined;
      if (
        !!http &&
        typeof http === 'object' &&
        (!('status' in http) || typeof http.status === 'number') &&
        (!('headers' in http) || http.headers instanceof Map)
      ) {
        if (typeof http.status === 'number' && http.status) status = http.status;
        if (http.headers instanceof Map)
          for (const [key, value] of http.headers as Map<string, string>) headers.set(key.toLowerCase(), value);
        delete extensions.http;
      }
      return formatError({ ...error.toJSON(), extensions }, error);
    } catch {
      return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    }
  });
  return { errors: formatted, status, headers: [...headers] };
}
