/**
 * The architecture check (`npm run arch`, run first by `npm test`): the direction of imports between the layers
 * of README's layout. Each rule says why it holds.
 */

/**
 * Domain modules that only describe things (models, the ports storage implements, constants, a model's members kept
 * as their stored JSON text), by their path under src/domain/, and the event loop's slices every
 * layer that works long shares (src/domain/runtime/, through its index): storage may use these.
 */
const DOMAIN_MODEL_AND_PORTS = [
  'runtime/index',
  'entries/model/entry',
  'entries/model/entry-ref',
  'entries/model/entry-event',
  'entries/model/entry-history',
  'entries/model/entry-store',
  'entries/model/entry-history-store',
  'entries/model/entry-overview-store',
  'entries/model/search-store',
  'entries/model/snippet-party',
  'shared/stored-json',
  'shared/store-errors',
  'meta/meta-store',
  'files/file-store',
  'files/file-content',
  'spool/spool-store',
  'events/event-store',
  'webhooks/webhook',
  'webhooks/webhook-store',
  'sequences/series',
  'sequences/sequence-store',
  'workflows/workflow',
  'workflows/job',
  'workflows/workflow-store',
  'transfer/entry-transfer-store',
];

/**
 * The order of the layers, from the bottom up: a file may import its own layer and those below it, never one above.
 * Every folder and root file of src/ is placed in exactly one layer (a file that is not is refused by
 * `every-file-has-a-layer`). Folders within a layer are peers; the cycle rules below keep peers from tying each other.
 * A folder's own files sit above its subfolders (they may use them; a subfolder never reaches back to its parent).
 */
const LAYERS = [
  ['the GOBL engine: pure functions of JSON', ['^src/document/']],
  [
    "the process's basics (logging, metrics, private files, the service's name, heap growth, where a worker starts)",
    ['^src/(logger|metrics|private-files|service-name|heap-growth|worker-entry)\\.ts$'],
  ],
  ['the view of a document, for the PDF and the console', ['^src/render/']],
  ['the e-invoice formats: written from a calculated document, read back, validated by the official rules', ['^src/formats/']],
  ['what every domain package shares (errors, JSON text, UUIDs, shape checks)', ['^src/domain/shared/']],
  ["the event loop's scheduling (turns, slices, budgets, read-ahead)", ['^src/domain/runtime/']],
  ["envelope signatures and the service's keys", ['^src/signing/']],
  ['the entry model and the ports storage implements', ['^src/domain/entries/model/']],
  ['search terms; documents derived from others', ['^src/domain/search/', '^src/domain/documents/derive/']],
  ['the document pipeline (normalize, calculate, validate, sign)', ['^src/domain/documents/[^/]+$']],
  ['the PDF, laid out from the view', ['^src/pdf/']],
  ['the entry service', ['^src/domain/entries/[^/]+$']],
  ['events, files, meta and formats', ['^src/domain/(events|files|meta|formats)/']],
  ['spool, transfer, webhooks and series of codes', ['^src/domain/(spool|transfer|webhooks|sequences)/']],
  ['workflows and their jobs, which run steps over every service below', ['^src/domain/workflows/']],
  ['the settings, each declared once', ['^src/config/settings/']],
  ['the configuration read from them', ['^src/config/[^/]+$']],
  ["the configuration's face", ['^src/config\\.ts$']],
  [
    'the outer adapters: storage, worker threads, outbound HTTP, tokens, sample data',
    ['^src/(storage|workers|webhooks|remote-copy|auth|seed)/'],
  ],
  ['the HTTP edge both APIs share', ['^src/http/']],
  ['the REST contract', ['^src/rest/']],
  ["GraphQL's plumbing", ['^src/graphql/plumbing/']],
  ['GraphQL roles every other role uses', ['^src/graphql/(node|keys|entries)/']],
  ['GraphQL roles by concept', ['^src/graphql/(events|formats|history|related|search|webhooks|sequences|workflows)/']],
  ["GraphQL's schema and router", ['^src/graphql/[^/]+$']],
  ['the wiring: the services built and every HTTP surface mounted', ['^src/(server|surfaces)\\.ts$']],
  ['the entry points', ['^src/cli/', '^src/main\\.ts$']],
];
const ALL_LAYERS = LAYERS.flatMap(([, paths]) => paths);

/** One rule a layer: its files import nothing of the layers above it. */
const LAYER_RULES = LAYERS.slice(0, -1).map(([what, paths], i) => ({
  name: 'layers-import-downward',
  comment: `A layer imports only itself and those below: ${what} may not import anything above it.`,
  severity: 'error',
  from: { path: paths },
  to: { path: LAYERS.slice(i + 1).flatMap(([, above]) => above) },
}));

module.exports = {
  forbidden: [
    ...LAYER_RULES,
    {
      name: 'every-file-has-a-layer',
      comment: 'Every file of src/ is placed in the order of LAYERS (a new folder or root file is placed when it is made).',
      severity: 'error',
      from: { path: '^src/', pathNot: ALL_LAYERS },
      to: {},
    },
    {
      name: 'every-file-has-a-layer',
      comment: 'The same, for a file that imports nothing but is imported.',
      severity: 'error',
      from: {},
      to: { path: '^src/', pathNot: ALL_LAYERS },
    },
    {
      name: 'every-file-has-a-layer',
      comment: 'The same, for a file that neither imports nor is imported.',
      severity: 'error',
      from: { orphan: true, path: '^src/', pathNot: ALL_LAYERS },
      to: {},
    },
    {
      name: 'adapters-stay-apart',
      comment: 'REST and GraphQL are two thin adapters over the same services and HTTP edge: neither reaches into the other.',
      severity: 'error',
      from: { path: '^src/rest/' },
      to: { path: '^src/graphql/' },
    },
    {
      name: 'adapters-stay-apart',
      comment: 'The same, the other way.',
      severity: 'error',
      from: { path: '^src/graphql/' },
      to: { path: '^src/rest/' },
    },
    {
      name: 'domain-imports-nothing-outward',
      comment:
        "The domain, the GOBL engine and the event loop's scheduling (src/domain/runtime/) are the core: adapters (REST, GraphQL, HTTP), storage and the wiring depend on " +
        'them, never the reverse, so the core can change its callers without knowing them and be tested without them.',
      severity: 'error',
      from: { path: '^src/(domain|document)/' },
      // src/config/ is the wiring's reading of the environment: the domain is given numbers, never the configuration.
      to: { path: ['^src/(rest|graphql|http|storage|workers|remote-copy|cli|auth|pdf|config)/', '^src/[^/]+\\.ts$'] },
    },
    {
      name: 'runtime-through-its-index',
      comment:
        "src/domain/runtime/ is the event loop's scheduling (read turns, loop slices, shared reads, the data budget) the " +
        'domain and the adapters share: they import its small interface from its index, never a file behind it, so ' +
        'what it does inside can change without them.',
      severity: 'error',
      from: { pathNot: '^src/domain/runtime/' },
      to: { path: '^src/domain/runtime/', pathNot: '^src/domain/runtime/index\\.ts$' },
    },
    {
      name: 'render-is-plain-data',
      comment:
        'src/render/ turns an envelope into a view of formatted strings that the PDF lays out and the console shows ' +
        'in a browser: it reads the JSON types of the GOBL engine (src/document/base/types.ts, which imports nothing) ' +
        'and nothing else of the service, and no Node module or package, so it bundles for a browser as it is, and ' +
        "the console's type check does not reach the engine's Node code.",
      severity: 'error',
      from: { path: '^src/render/' },
      to: { path: '^src/', pathNot: ['^src/render/', '^src/document/base/types\\.ts$'] },
    },
    {
      name: 'console-reads-only-the-view',
      comment:
        'The console (console/src/, bundled by Vite for a browser) imports of the service only src/render/, the view ' +
        'the PDF lays out too, and the JSON types it reads: anything else would pull Node or the server into the bundle.',
      severity: 'error',
      from: { path: '^console/src/' },
      to: { path: '^src/', pathNot: ['^src/render/', '^src/document/base/types\\.ts$'] },
    },
    {
      name: 'render-needs-no-node-or-package',
      comment: "The same reason: a browser has neither Node's modules nor the server's packages.",
      severity: 'error',
      from: { path: '^src/render/' },
      to: { dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'pdf-lays-out-the-view',
      comment:
        "src/pdf/ lays a view of src/render/ out with pdfkit, for the job the engine's threads are given: it needs " +
        "the view and the job's type, never the services, storage or adapters (the engine worker calls it, and the " +
        'domain reaches it only through the engine).',
      severity: 'error',
      from: { path: '^src/pdf/' },
      to: { path: '^src/', pathNot: ['^src/(pdf|render|document)/', '^src/domain/documents/pdf-job\\.ts$'] },
    },
    {
      name: 'document-is-pure',
      comment: 'The GOBL engine is pure functions from JSON to envelope or faults: it imports nothing else of the service.',
      severity: 'error',
      from: { path: '^src/document/' },
      to: { path: '^src/', pathNot: '^src/document/' },
    },
    {
      name: 'storage-uses-only-domain-models-and-ports',
      comment:
        'The write path runs one way: the domain builds the whole record of a change and storage maps and writes it. ' +
        'Storage may read the types, ports and constants of the domain, never its services or rules (search terms, ' +
        'references, limits, errors); a limit is given to it as a number and a breach reported with a port error. ' +
        'The command-line entry points (src/cli/) are wiring, like main.ts, and may import anything.',
      severity: 'error',
      from: { path: '^src/storage/' },
      to: { path: '^src/domain/', pathNot: `^src/domain/(${DOMAIN_MODEL_AND_PORTS.join('|')})\\.ts$` },
    },
    {
      name: 'migrations-are-self-contained',
      comment:
        'A migration must do forever what it did when it was written: importing live code from src/ would change an ' +
        'old migration silently whenever that code changes.',
      severity: 'error',
      from: { path: '^migrations/' },
      to: { path: '^src/' },
    },
    {
      name: 'engine-base-imports-only-the-model',
      comment:
        'src/document/base/ holds what every package of the GOBL engine uses (JSON types and readers, errors, text, ' +
        "UUIDs, schema names, canonical JSON, field walking); it may read GOBL's type model and nothing else of the " +
        'engine, so every package can import it without a cycle.',
      severity: 'error',
      from: { path: '^src/document/base/' },
      to: { path: '^src/document/', pathNot: '^src/document/(base|model)/' },
    },
    {
      name: 'no-cycle-between-folders',
      comment:
        'Folders are layers: a cycle between two makes them one layer that cannot be understood or changed apart. ' +
        'In the GOBL engine too (tax must not need bill, as in GOBL): base and model at the bottom, pipeline and the ' +
        'addon and regime registries at the top.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-cycle-between-modules',
      comment: 'A cycle of imports makes load order matter (values undefined at import time) and files that cannot be read apart.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|console/dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a type is a dependency on what declares it.
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
