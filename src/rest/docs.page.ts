import type { RequestHandler } from 'express';
import { installedAssets } from '../http/installed-assets';
import { contentSecurityPolicy, inlineSource, setPageSecurityHeaders } from '../http/page-security';
import { OPENAPI_PATH } from './openapi.routes';

export const DOCS_PATH = '/docs';
export const DOCS_ASSETS_PATH = '/docs/assets';

/** Swagger UI's browser build, from the installed swagger-ui-dist: the page loads nothing from anywhere else. */
const ASSETS: Record<string, [pkg: string, file: string]> = {
  'swagger-ui.css': ['swagger-ui-dist', 'swagger-ui.css'],
  'swagger-ui-bundle.js': ['swagger-ui-dist', 'swagger-ui-bundle.js'],
};

/** The page's one inline script, allowed by its hash. */
const SCRIPT = `
window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#swagger-ui',
  validatorUrl: null,
  deepLinking: true,
  persistAuthorization: false,
});
`;

/**
 * The REST API's reference, rendered by Swagger UI from the service's own OpenAPI description. The online
 * validator badge is off (it would call a server on the internet); **Authorize** takes a bearer token for
 * "Try it out", kept in the open page only.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>REST API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${DOCS_ASSETS_PATH}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui">Loading…</div>
<script src="${DOCS_ASSETS_PATH}/swagger-ui-bundle.js"></script>
<script>${SCRIPT}</script>
</body>
</html>
`;

/**
 * The page runs its own files and its one inline script (by hash), and talks to this service only: the
 * description and "Try it out". Swagger UI's icons are `data:` images in its stylesheet.
 */
const POLICY = contentSecurityPolicy({
  'script-src': ["'self'", inlineSource(SCRIPT)],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
});

/** `GET /docs`: the page (without a token, as its surface declares: src/surfaces.ts). */
export const docsPage: RequestHandler = (_req, res) => {
  setPageSecurityHeaders(res, POLICY);
  res.type('text/html; charset=utf-8').send(PAGE);
};

/** The files the page loads, under DOCS_ASSETS_PATH. */
export const docsAssets = (): RequestHandler => installedAssets(DOCS_ASSETS_PATH, ASSETS);
