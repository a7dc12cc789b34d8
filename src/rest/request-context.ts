import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    log: Logger;
    workspaceId: string;
  }
}

const GIVEN_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Gives each request an id (the caller's X-Request-Id when sane), a logger bound to it, and a log line when done. */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.get('x-request-id');
    req.id = given && GIVEN_ID.test(given) ? given : randomUUID();
    req.log = logger.child({ reqId: req.id });
    res.setHeader('X-Request-Id', req.id);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // The access line is built only when it will be written (LOG_LEVEL info or below).
    if (logger.isLevelEnabled('info')) {
      const started = process.hrtime.bigint();
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        req.log.info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
      });
    }
    next();
  };
}
