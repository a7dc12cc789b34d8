import type { Response } from 'express';

/**
 * A signal that aborts when the client goes away before its answer is written (the connection closed, or the
 * server's request timeout cut it): work queued for the request can then be dropped. Read from the response,
 * whose `close` comes either when the answer was sent or when the connection went; the request's own `close`
 * comes as soon as its body has been read.
 */
export function abandonedSignal(res: Response): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
