import { boolean, integer, oneOf } from './setting-kinds';

/** What a browser gets at GET /graphql: GraphiQL served from the service, Apollo Sandbox (loaded from Apollo's CDN), or nothing. */
export const GRAPHQL_EXPLORERS = ['graphiql', 'sandbox', 'off'] as const;
export type GraphQLExplorer = (typeof GRAPHQL_EXPLORERS)[number];

export const GRAPHQL_SANDBOX = boolean({
  name: 'GRAPHQL_SANDBOX',
  description: 'the older switch of `GRAPHQL_EXPLORER`, still read: `false` is `off`, `true` is `sandbox`; set both only if they agree',
});

const explorerOfSandbox = (sandbox: boolean | undefined): GraphQLExplorer | undefined =>
  sandbox === undefined ? undefined : sandbox ? 'sandbox' : 'off';

export const GRAPHQL_EXPLORER = oneOf(GRAPHQL_EXPLORERS, {
  name: 'GRAPHQL_EXPLORER',
  description:
    'the page a browser gets at `/graphql`: `graphiql` (served by the service itself, works offline), `sandbox` (Apollo ' +
    "Sandbox, loaded from Apollo's CDN) or `off`",
  default: (get) => explorerOfSandbox(get(GRAPHQL_SANDBOX)) ?? 'graphiql',
  defaultText: '`graphiql` (or as `GRAPHQL_SANDBOX` says)',
  check: (explorer, get) => {
    const sandbox = get(GRAPHQL_SANDBOX);
    const fromSandbox = explorerOfSandbox(sandbox);
    return fromSandbox && fromSandbox !== explorer
      ? `GRAPHQL_SANDBOX=${sandbox} contradicts GRAPHQL_EXPLORER=${explorer}: set GRAPHQL_EXPLORER only`
      : undefined;
  },
});

export const GRAPHQL_INTROSPECTION = boolean({
  name: 'GRAPHQL_INTROSPECTION',
  description: 'on whatever `NODE_ENV` says; `false` switches it off',
  default: true,
});

export const GRAPHQL_JIT = boolean({
  name: 'GRAPHQL_JIT',
  description:
    "`false` runs operations with graphql-js instead of graphql-jit's compiled plans; the tests check both give the same answers",
  default: true,
});

export const GRAPHQL_MAX_DEPTH = integer({
  name: 'GRAPHQL_MAX_DEPTH',
  description:
    "deepest nesting of fields, fragments expanded (the schema's deepest useful query is 5); introspection is bounded by " +
    'graphql-js itself. Deeper is refused before it runs: 400 `GRAPHQL_VALIDATION_FAILED`, saying which limit and by how much',
  default: 8,
});

export const GRAPHQL_MAX_COMPLEXITY = integer({
  name: 'GRAPHQL_MAX_COMPLEXITY',
  description:
    'estimated cost: 1 per field, aliases included, `data` 10, `attachments`, `meta` and `versions` 5 each besides their fields ' +
    "(their size is bounded by `PAGE_DATA_BUDGET` and the newest 100 versions), and a page's fields times its page size; a full " +
    'page of 100 entries with every field and `data` costs about 9,000. Subscriptions are costed at subscribe time, `first` in variables at its value',
  default: 10_000,
});

export const GRAPHQL_BATCHING = boolean({
  name: 'GRAPHQL_BATCHING',
  description: '`true` accepts a JSON array of operations in one request',
  default: false,
});

export const GRAPHQL_SETTINGS = [
  GRAPHQL_EXPLORER,
  GRAPHQL_SANDBOX,
  GRAPHQL_INTROSPECTION,
  GRAPHQL_JIT,
  GRAPHQL_MAX_DEPTH,
  GRAPHQL_MAX_COMPLEXITY,
  GRAPHQL_BATCHING,
];
