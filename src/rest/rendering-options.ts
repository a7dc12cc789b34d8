import type { Request, Response } from 'express';
import { abandonedSignal } from '../http/request-signal';
import { FileSchema } from './api-schemas';
import type { RefusalStatus } from './route-table';

/**
 * What a route that has the engine make something of an entry (its PDF, its invoice in a format) passes on: the
 * entry's version named by `?version=` (the current one without it), and the signal of a client that went away.
 */
export const renderingOptions = (req: Request, res: Response): { version?: string; signal: AbortSignal } => ({
  version: typeof req.query.version === 'string' ? req.query.version : undefined,
  signal: abandonedSignal(res),
});

/** How a route that attaches what the engine made (the PDF, a format) answers: the file, or the refusals of making it. */
export const ATTACHED_FILE = {
  answers: { 201: { description: 'The attached file, as the files routes answer it.', schema: FileSchema } },
  refusals: [400, 401, 404, 422, 503] as RefusalStatus[],
};
