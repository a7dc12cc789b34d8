import { execute, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { DomainError } from '../../domain/shared/errors';
import { ReadTurns } from '../../domain/runtime';
import { jsonPiecesAtOnce } from '../../http/json-slices';
import type { GraphQLContext } from './context';

/**
 * Subscription events executed at once on the process, over every workspace, as heavy HTTP answers are (one). One
 * event fans out to every subscription of its workspace (a hundred, each with a document of its own), which no
 * request does: beyond these, executions wait their turn, the workspaces in turn, so one workspace's events never
 * hold the thread, SQLite's readers or the database's connections against other workspaces' requests. Two at once
 * made a neighbour's list on SQLite wait about twice as long (test/graphql/subscription-cost.test.ts).
 */
export const EVENT_EXECUTIONS_AT_ONCE = 1;

/** The bytes of a result's JSON text, as its message will carry it (stored envelopes counted as their text). */
export function resultBytes(result: ExecutionResult): number {
  let bytes = 0;
  for (const piece of jsonPiecesAtOnce(result)) bytes += Buffer.byteLength(piece);
  return bytes;
}

/** The error of an event whose result is over the bound: its subscription ends with it. */
export const resultTooLarge = (bytes: number, limit: number) =>
  new DomainError(
    'payload-too-large',
    `this event's result is ${bytes} bytes, over the ${limit} bytes a subscription message may hold; ` +
      'the subscription is ended: subscribe again selecting fewer fields, and read large entries over HTTP',
  );

/**
 * Executes subscriptions' events: each execution takes a turn (ReadTurns, as heavy HTTP answers do), and its
 * result is measured before it is sent; past `maxResultBytes` it is never sent, and resultTooLarge is thrown.
 */
export class EventExecutions {
  private readonly turns = new ReadTurns(EVENT_EXECUTIONS_AT_ONCE);
  private readonly sizes = new WeakMap<ExecutionResult, number>();

  constructor(private readonly maxResultBytes: number) {}

  /** The measured bytes of a result made here (0 for another). */
  sizeOf(result: ExecutionResult): number {
    return this.sizes.get(result) ?? 0;
  }

  /** Executions running and waiting now. */
  get load(): { active: number; waiting: number } {
    return this.turns.load;
  }

  async run(args: ExecutionArgs, context: GraphQLContext): Promise<ExecutionResult> {
    const turn = this.turns.turn(context.workspaceId);
    try {
      await turn.take();
      const result = await execute({ ...args, contextValue: context });
      const bytes = resultBytes(result);
      if (bytes > this.maxResultBytes) throw resultTooLarge(bytes, this.maxResultBytes);
      this.sizes.set(result, bytes);
      return result;
    } finally {
      turn.release();
    }
  }
}
