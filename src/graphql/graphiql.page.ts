import path from 'node:path';
import { installedAssets } from '../http/installed-assets';
import { contentSecurityPolicy, inlineSource } from '../http/page-security';

/** Where the explorer's files are served; the page loads nothing from anywhere else. */
export const EXPLORER_ASSETS_PATH = '/graphql/explorer';

/** The installed files the page needs: React 18 and GraphiQL 3 builds that run from a script tag. */
const ASSETS: Record<string, [pkg: string, file: string]> = {
  'react.js': ['react', 'umd/react.production.min.js'],
  'react-dom.js': ['react-dom', 'umd/react-dom.production.min.js'],
  'graphiql.js': ['graphiql', 'graphiql.min.js'],
  'graphiql.css': ['graphiql', 'graphiql.min.css'],
};

/** The explorer's files, straight from node_modules: offline, and as current as the installed packages. */
export const explorerAssets = () => installedAssets(EXPLORER_ASSETS_PATH, ASSETS);

/** The first query either explorer shows: the newest entries. */
export const EXPLORER_QUERY = `query LatestEntries {
  entries(first: 10) {
    edges { node { id key folder snippet createdAt } }
    pageInfo { hasNextPage endCursor }
  }
}
`;

/** The page's own layout: a token bar above GraphiQL, which fills the rest. */
const STYLE = `
  html, body { height: 100%; margin: 0; font-family: system-ui, sans-serif; }
  body { display: flex; flex-direction: column; }
  #token-bar { display: flex; gap: 8px; align-items: center; padding: 6px 12px; border-bottom: 1px solid #ddd; font-size: 14px; }
  #token { flex: 1; font-family: monospace; padding: 4px; }
  #graphiql { flex: 1; min-height: 0; }
`;

/**
 * GraphiQL with a token field: what is typed there goes in the Authorization header of every request,
 * the schema's introspection included (kept for the browser tab's session only). Headers typed in
 * GraphiQL's own headers panel are sent too and win.
 */
const script = (endpoint: string) => `
(function () {
  // The <style> elements GraphiQL's dialogs add carry this nonce (the page's policy allows it): the same text
  // runs on every page, so the script keeps its hash while each page has its own nonce.
  window.__webpack_nonce__ = document.currentScript.nonce;
  var endpoint = ${JSON.stringify(endpoint)};
  var input = document.getElementById('token');
  input.value = sessionStorage.getItem('graphql-token') || '';
  var root = ReactDOM.createRoot(document.getElementById('graphiql'));
  function fetcherFor(token) {
    return function (params, options) {
      var headers = { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' };
      if (token) headers.authorization = 'Bearer ' + token;
      var extra = (options && options.headers) || {};
      for (var name in extra) headers[name.toLowerCase()] = extra[name];
      return fetch(endpoint, { method: 'POST', headers: headers, body: JSON.stringify(params) }).then(function (response) { return response.json(); });
    };
  }
  function render() {
    var token = input.value.trim();
    sessionStorage.setItem('graphql-token', token);
    // A new fetcher makes GraphiQL load the schema again, with the new token.
    root.render(React.createElement(GraphiQL, { fetcher: fetcherFor(token), defaultQuery: ${JSON.stringify(EXPLORER_QUERY)} }));
  }
  document.getElementById('token-bar').addEventListener('submit', function (event) { event.preventDefault(); render(); });
  render();
})();
`;

/**
 * The explorer's page and its Content-Security-Policy: its own files, its inline script and style by hash, the
 * `<style>` elements GraphiQL adds (its dialogs) by `nonce`, fresh for each page, and requests to this service
 * only. GraphiQL's icons and fonts are `data:` URLs in its stylesheet; its editors set element styles from
 * script, which a policy does not restrict.
 */
export function graphiqlPage(endpoint: string, nonce: string): { html: string; policy: string } {
  const asset = (name: string) => path.posix.join(EXPLORER_ASSETS_PATH, name);
  const code = script(endpoint);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>GraphQL explorer</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${asset('graphiql.css')}">
<style>${STYLE}</style>
</head>
<body>
<form id="token-bar">
  <label for="token">Bearer token</label>
  <input id="token" name="token" type="password" autocomplete="off" placeholder="the token printed at start, or npm run --silent token">
  <button type="submit">Use token</button>
</form>
<div id="graphiql">Loading…</div>
<script src="${asset('react.js')}"></script>
<script src="${asset('react-dom.js')}"></script>
<script src="${asset('graphiql.js')}"></script>
<script nonce="${nonce}">${code}</script>
</body>
</html>
`;
  const policy = contentSecurityPolicy({
    'script-src': ["'self'", inlineSource(code)],
    'style-src': ["'self'", inlineSource(STYLE), `'nonce-${nonce}'`],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
  });
  return { html, policy };
}
