import type { ApiRoute } from './route-table';

export const OPENAPI_PATH = '/silo/v1/openapi.json';

export interface OpenApiServices {
  /** The description, made once at start from the route tables (src/rest/openapi.ts). */
  openApiText: string;
}

/** `GET /silo/v1/openapi.json`, without a token. */
export const openApiRoutes: ApiRoute<OpenApiServices>[] = [
  {
    method: 'get',
    path: OPENAPI_PATH,
    operationId: 'openapi',
    tag: 'service',
    summary: 'This description.',
    auth: 'none',
    answers: { 200: { description: 'An OpenAPI 3.1 document.', mediaType: 'application/json' } },
    refusals: [], // no token, no parameter, nothing read: every request is answered
    handler:
      ({ openApiText }) =>
      (_req, res) => {
        res.type('application/json').send(openApiText);
      },
  },
];
