import type { Request, RequestHandler } from 'express';
import { httpRequests, httpRequestSeconds, metricsRegistry } from '../metrics';

export const METRICS_PATH = '/metrics';

/**
 * The route pattern of a request, for labels: `/silo/v1/entries/:id`, never the raw URL (one label value per
 * id would grow without end). A request answered before any route matched (a preflight, a 404) or refused
 * for its token (a 401) is labelled by the part of the API it was for.
 */
function routeOf(req: Request, status: number): string {
  const first = /^\/[^/?]*/.exec(req.originalUrl)?.[0] ?? '/';
  const part = ['/silo', '/utils', '/graphql'].includes(first) ? `${first}/*` : undefined;
  // A request without a valid token is refused in its route's own layer, but says nothing of the route it named.
  if (status === 401 && part) return part;
  const route = req.route as { path?: unknown } | undefined;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}`;
  return part ?? 'unmatched';
}

/** Counts and times every answer, by method, route pattern and status. */
export const requestMetrics: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const labels = { method: req.method, route: routeOf(req, res.statusCode), status: String(res.statusCode) };
    httpRequests.inc(labels);
    httpRequestSeconds.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
  });
  next();
};

/**
 * GET /metrics in Prometheus's text format. Its authentication (`metrics-token`: `Authorization: Bearer <token>` when
 * METRICS_TOKEN is set) is declared with its surface (src/surfaces.ts) and applied by the mount.
 */
export const metricsPage: RequestHandler = async (_req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  const text = await metricsRegistry.metrics();
  res.setHeader('Content-Type', metricsRegistry.contentType);
  res.end(text);
};
