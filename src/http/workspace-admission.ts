import type { Response } from 'express';
import type { RequestRates } from '../domain/runtime';
import { DomainError } from '../domain/shared/errors';
import { countRateLimited } from '../metrics';
import { endLightRequest } from './light-requests';

const ADMITTED = 'workspaceAdmitted';

/**
 * Lets the request go at its workspace's turn (RequestRates): at once, after a wait, or never when its client
 * closed the connection while it waited (false: the request is dropped, nothing of it run). A turn further off than
 * the longest wait is refused, 429 `too-many-requests` with the Retry-After after which it would not be. A request
 * takes one turn, however many of its layers ask.
 */
export async function admitted(rates: RequestRates, workspaceId: string, res: Response): Promise<boolean> {
  if (res.locals[ADMITTED] === true) return true;
  const admission = rates.admit(workspaceId);
  if ('refusedForMs' in admission) {
    countRateLimited('refused');
    const retryAfterSeconds = Math.max(1, Math.ceil(admission.refusedForMs / 1000));
    const message = `this workspace is asking faster than its request rate; try again in ${retryAfterSeconds} s`;
    throw new DomainError('too-many-requests', message, { retryAfterSeconds });
  }
  res.locals[ADMITTED] = true;
  if (admission.waitMs <= 0) return true;
  countRateLimited('held');
  // A held request costs nothing while it waits: the slices of long work need not let it go first.
  endLightRequest(res);
  return new Promise((resolve) => {
    const gone = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      res.off('close', gone);
      resolve(true);
    }, admission.waitMs);
    res.once('close', gone);
  });
}
