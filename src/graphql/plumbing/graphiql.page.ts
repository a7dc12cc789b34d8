import path from 'node:path';
import { installedAssets } from '../../http/installed-assets';
import { contentSecurityPolicy, inlineSource } from '../../http/page-security';

/** Where the explorer's files are served; the page loads nothing from anywhere else. */
export const EXPLORER_ASSETS_PATH = '/graphql/explorer';

/** The installed files the page needs: React 18 and GraphiQL 3 builds that run from a script tag. */
const ASSETS: Record<string, [pkg: string, file: string]> = {
  'react.js': ['react', 'umd/react.production.min.js'],
  'react-dom.js': ['react-dom', 'umd/react-dom.production.min.js'],
  'graphiql.js': ['graphiql', 'graphiql.min.js'],
  'graphiql.css': ['graphiql', 'graphiql.min.css'],
  // graphql-ws's browser build: subscriptions run over the service's WebSocket, as every graphql-ws client's do.
  'graphql-ws.js': ['graphql-ws', 'umd/graphql-ws.min.js'],
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
 * GraphiQL with a token field: what is typed there goes in the Authorization header of every request, the schema's
 * introspection included, and in the connection_init of the WebSocket that subscriptions run on (kept for the
 * browser tab's session only). Headers typed in GraphiQL's own headers panel are sent too and win. Without a token
 * of its own, the page takes the one the console uses in this browser session: from this tab's sessionStorage, or
 * asked of the console's open tabs over its BroadcastChannel (console/src/token-store.ts); never from a URL.
 */
const script = (endpoint: string) => `
(function () {
  // The <style> elements GraphiQL's dialogs add carry this nonce (the page's policy allows it): the same text
  // runs on every page, so the script keeps its hash while each page has its own nonce.
  window.__webpack_nonce__ = document.currentScript.nonce;
  var endpoint = ${JSON.stringify(endpoint)};
  var socketUrl = location.origin.replace(/^http/, 'ws') + endpoint;
  var CONSOLE_SESSION = 'entries-console.session';
  var input = document.getElementById('token');
  input.value = sessionStorage.getItem('graphql-token') || '';
  var root = ReactDOM.createRoot(document.getElementById('graphiql'));
  var socket;
  function consoleToken(session) {
    return session && typeof session.current === 'string' ? session.current : '';
  }
  // Read from the text that is sent (GraphiQL's parsed document did not always agree with it). A name the text does
  // not hold (GraphiQL's choice lags behind a fresh edit) counts as none: the first operation is meant.
  function commentless(params) {
    return (params.query || '').replace(/#[^\\n]*/g, '');
  }
  function operationNameOf(params) {
    var name = params.operationName;
    return name && new RegExp('\\\\b(query|mutation|subscription)\\\\s+' + name + '\\\\b').test(commentless(params)) ? name : undefined;
  }
  function isSubscription(params) {
    var text = commentless(params);
    var name = operationNameOf(params);
    if (name) return new RegExp('\\\\bsubscription\\\\s+' + name + '\\\\b').test(text);
    var first = /(^|\\})\\s*(query|mutation|subscription|\\{)/.exec(text.replace(/fragment\\s+\\w+\\s+on\\s+\\w+[^{]*\\{(?:[^{}]|\\{(?:[^{}]|\\{[^{}]*\\})*\\})*\\}/g, ''));
    return Boolean(first && first[2] === 'subscription');
  }
  function fetcherFor(token) {
    if (socket) socket.dispose();
    socket = graphqlWs.createClient({ url: socketUrl, lazy: true, connectionParams: function () { return token ? { authorization: 'Bearer ' + token } : {}; } });
    var client = socket;
    return function (params, options) {
      if (isSubscription(params)) return client.iterate({ query: params.query, operationName: operationNameOf(params), variables: params.variables });
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
  if (!input.value) {
    try { input.value = consoleToken(JSON.parse(sessionStorage.getItem(CONSOLE_SESSION) || 'null')); } catch (e) { /* none */ }
  }
  if (!input.value && typeof BroadcastChannel === 'function') {
    // The console's open tabs answer an ask with their session; the first answer with a token is taken.
    var channel = new BroadcastChannel(CONSOLE_SESSION);
    channel.onmessage = function (event) {
      var token = event.data && event.data.type === 'tokens' ? consoleToken(event.data.session) : '';
      if (!token || input.value) return;
      input.value = token;
      channel.close();
      render();
    };
    channel.postMessage({ type: 'ask' });
    setTimeout(function () { channel.close(); }, 2000);
  }
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
  <input id="token" name="token" type="password" autocomplete="off" placeholder="the token printed at first start, or npm run --silent token">
  <button type="submit">Use token</button>
</form>
<div id="graphiql">Loading…</div>
<script src="${asset('react.js')}"></script>
<script src="${asset('react-dom.js')}"></script>
<script src="${asset('graphiql.js')}"></script>
<script src="${asset('graphql-ws.js')}"></script>
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
