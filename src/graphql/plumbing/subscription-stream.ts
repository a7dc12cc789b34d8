import type { ExecutionResult } from 'graphql';

/** What a subscription's stream of results does besides mapping events to results. */
export interface StreamHooks {
  /** Called once when the stream ends, however it ends (its source ran out, the client completed, an error). */
  ended(): void;
}

/**
 * A subscription's results: each event of `source` executed into a result by `run` (with a context of its own,
 * so each result shows entries as they are then). `return()` (the client completed, or the socket closed) calls
 * `ended` at once, which aborts the source's wait, rather than after the source's pending read.
 */
export function subscriptionStream(
  source: AsyncIterator<unknown>,
  run: (event: unknown) => Promise<ExecutionResult>,
  hooks: StreamHooks,
): AsyncIterableIterator<ExecutionResult> {
  let finished = false;
  const finish = async () => {
    if (finished) return;
    finished = true;
    hooks.ended();
    await source.return?.();
  };
  const done = { done: true as const, value: undefined };
  const stream: AsyncIterableIterator<ExecutionResult> = {
    async next() {
      if (finished) return done;
      try {
        const step = await source.next();
        if (step.done || finished) {
          await finish();
          return done;
        }
        const result = await run(step.value);
        return { done: false, value: result };
      } catch (error) {
        await finish();
        throw error;
      }
    },
    async return() {
      await finish();
      return done;
    },
    async throw(error: unknown) {
      await finish();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return stream;
    },
  };
  return stream;
}
