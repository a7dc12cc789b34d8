import type { Response } from 'express';
import type { ReadTurn } from '../domain/runtime';
import { endLightRequest } from './light-requests';
import { abandonedSignal } from './request-signal';

/**
 * The request's turn among heavy answers (see ReadTurns), made once per request. It goes on once the answer is
 * handed to the socket (releaseReadTurn), or when the connection closes, whichever comes first.
 */
export function readTurnOf(
  res: Response,
  entries: { readTurn(workspaceId: string, signal?: AbortSignal, onHeavy?: () => void): ReadTurn },
): ReadTurn {
  const made = res.locals.readTurn as ReadTurn | undefined;
  if (made) return made;
  const turn = entries.readTurn(res.req.workspaceId, abandonedSignal(res), () => endLightRequest(res));
  res.locals.readTurn = turn;
  res.once('close', () => turn.release());
  return turn;
}

export function releaseReadTurn(res: Response): void {
  (res.locals.readTurn as ReadTurn | undefined)?.release();
}

/** Whether the request's answer is heavy (it holds a turn): then it is written in slices. */
export function holdsReadTurn(res: Response): boolean {
  return (res.locals.readTurn as ReadTurn | undefined)?.heavy ?? false;
}
