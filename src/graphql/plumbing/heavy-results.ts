import { randomUUID } from 'node:crypto';
import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import { HEAVY_READ_BYTES } from '../../domain/runtime';
import { jsonPieces, jsonPiecesAtOnce } from '../../http/json-slices';
import type { GraphQLContext } from './context';

/**
 * Heavy GraphQL answers (their request holds a read turn, src/domain/read-turns.ts), and light ones of more than
 * HEAVY_READ_BYTES, written as the REST ones are: in slices that let light requests go first, and never joined
 * into one string (joining the pieces of a 13 MB answer held the thread about 40 ms). Apollo writes an answer with
 * stringifyResult, which sees the result and not the request, and must give a string: the plugin marks heavy
 * results by their `data`, stringifyResult keeps such an answer's pieces aside and gives a mark in their place,
 * and the HTTP handler takes the pieces back (piecesOf), in a batch too, where Apollo joins the answers' strings.
 */
const heavyData = new WeakSet<object>();
const kept = new Map<string, string[]>();

/** No answer's text holds a NUL (JSON escapes it), so no answer can hold a mark. */
const MARK_PREFIX = `\u0000heavy-answer-`;
const MARKS = new RegExp(`${MARK_PREFIX}[0-9a-f-]{36}\u0000`, 'g');

const HEAVY_RESULTS_HOOKS: GraphQLRequestListener<GraphQLContext> = {
  async willSendResponse({ response, contextValue }) {
    const data = response.body.kind === 'single' ? response.body.singleResult.data : undefined;
    if (data && contextValue.readTurn.heavy) heavyData.add(data);
  },
};

// The same hooks for every request: they keep nothing of their own.
export const heavyResultsPlugin: ApolloServerPlugin<GraphQLContext> = { requestDidStart: async () => HEAVY_RESULTS_HOOKS };

/**
 * Apollo's stringifyResult: a light answer's JSON text, written in one JSON.stringify as REST writes its light
 * answers (walking a page of twenty entries in slices cost a tenth of GraphQL's allocations); a heavy answer's
 * mark, its pieces kept for piecesOf. A light answer longer than HEAVY_READ_BYTES (a page of large envelopes:
 * `data` counts against the data budget, not towards a read turn) is kept as pieces too, so that it is encoded
 * in slices rather than joined and encoded at once.
 */
export async function stringifyResult(result: { data?: unknown }): Promise<string> {
  if (typeof result.data === 'object' && result.data !== null && heavyData.has(result.data)) return keep(await jsonPieces(result, true));
  const pieces = jsonPiecesAtOnce(result);
  if (pieces.reduce((length, piece) => length + piece.length, 0) > HEAVY_READ_BYTES) return keep(pieces);
  return pieces.length === 1 ? pieces[0] : pieces.join('');
}

/**
 * The text of an answer written without Apollo (known-operations.ts), as Apollo would write it: heavyResultsPlugin's
 * mark when the request is heavy, then stringifyResult.
 */
export function answerText(result: { errors?: unknown; data?: Record<string, unknown> | null }, heavy: boolean): Promise<string> {
  if (result.data && heavy) heavyData.add(result.data);
  return stringifyResult(result);
}

/** Keeps an answer's pieces for piecesOf, under the mark returned in their place. */
function keep(pieces: string[]): string {
  const mark = `${MARK_PREFIX}${randomUUID()}\u0000`;
  kept.set(mark, pieces);
  return mark;
}

/** The pieces of an answer Apollo wrote, with each heavy answer's own in place of its mark; undefined when it has none. */
export function piecesOf(text: string): string[] | undefined {
  if (!text.includes(MARK_PREFIX)) return undefined;
  const pieces: string[] = [];
  let from = 0;
  for (const mark of text.matchAll(MARKS)) {
    pieces.push(text.slice(from, mark.index));
    pieces.push(...(kept.get(mark[0]) ?? []));
    kept.delete(mark[0]);
    from = mark.index + mark[0].length;
  }
  pieces.push(text.slice(from));
  return pieces;
}
