import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The architecture check (`npm run arch`, .dependency-cruiser.cjs) run on small file sets laid out like this
 * project: each breaks one rule, and the check must name that rule and fail; the same files without the break pass.
 */
const ROOT = path.resolve(__dirname, '..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

type Files = Record<string, string>;

/** The names of the rules the check finds broken in `files`, and its exit status. */
function check(files: Files): { status: number | null; broken: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'arch-'));
  try {
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'commonjs', moduleResolution: 'node10', strict: true } }),
    );
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    const roots = ['src', 'migrations', 'console/src'].filter((root) => Object.keys(files).some((name) => name.startsWith(`${root}/`)));
    // As `npm run arch` runs it: the report lists each violation as "error <rule>: <from> → <to>".
    const run = spawnSync(process.execPath, [DEPCRUISE, ...roots, '--config', CONFIG, '--output-type', 'err'], {
      cwd: dir,
      encoding: 'utf8',
    });
    const broken = [...run.stdout.matchAll(/^\s*error ([\w-]+):/gm)].map((match) => match[1]);
    return { status: run.status, broken: [...new Set(broken)].sort() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A small project that keeps every rule: adapters and storage use the domain, the domain uses the engine. */
const CLEAN: Files = {
  'src/document/envelope.ts': 'export interface Envelope { uuid: string }\n',
  'src/domain/entries/model/entry.ts':
    "import type { Envelope } from '../../../document/envelope';\nexport interface Entry { id: string; data?: Envelope }\n",
  'src/domain/search/search.ts':
    "import type { Entry } from '../entries/model/entry';\nexport const termsOf = (entry: Entry): string[] => [entry.id];\n",
  'src/storage/entry.repository.ts':
    "import type { Entry } from '../domain/entries/model/entry';\nexport const rowOf = (entry: Entry) => ({ id: entry.id });\n",
  'src/rest/entries.routes.ts': "import { termsOf } from '../domain/search/search';\nexport const route = termsOf;\n",
  'src/server.ts':
    "import { rowOf } from './storage/entry.repository';\nimport { route } from './rest/entries.routes';\nexport const wiring = [rowOf, route];\n",
  'migrations/1-create.ts': "export const sql = 'CREATE TABLE entries (id TEXT)';\n",
  'src/document/base/types.ts': 'export type Json = string | number;\n',
  'src/render/document-view.ts':
    "import type { Json } from '../document/base/types';\nexport const documentView = (doc: Json) => String(doc);\n",
  'console/src/entry-page.ts': "import { documentView } from '../../src/render/document-view';\nexport const page = documentView;\n",
};

describe('the architecture check', () => {
  test('passes a project that keeps every rule', () => {
    expect(check(CLEAN)).toEqual({ status: 0, broken: [] });
  });

  test.each<[string, Files, string]>([
    [
      'the domain imports storage',
      { 'src/domain/search/search.ts': "import { rowOf } from '../../storage/entry.repository';\nexport const termsOf = rowOf;\n" },
      'domain-imports-nothing-outward',
    ],
    [
      'the engine imports the domain',
      {
        'src/document/envelope.ts':
          "import type { Entry } from '../domain/entries/model/entry';\nexport interface Envelope { uuid: string; entry?: Entry }\n",
      },
      'document-is-pure',
    ],
    [
      'the domain imports the wiring',
      { 'src/domain/search/search.ts': "import { wiring } from '../../server';\nexport const termsOf = () => wiring.map(String);\n" },
      'domain-imports-nothing-outward',
    ],
    [
      'the domain reads the configuration',
      {
        'src/config/settings.ts': 'export const BODY_LIMIT = { name: "BODY_LIMIT" };\n',
        'src/domain/search/search.ts':
          "import { BODY_LIMIT } from '../../config/settings';\nexport const termsOf = () => [BODY_LIMIT.name];\n",
      },
      'domain-imports-nothing-outward',
    ],
    [
      'storage calls a rule of the domain',
      { 'src/storage/entry.repository.ts': "import { termsOf } from '../domain/search/search';\nexport const rowOf = termsOf;\n" },
      'storage-uses-only-domain-models-and-ports',
    ],
    [
      'a migration imports live code',
      { 'migrations/1-create.ts': "import { rowOf } from '../src/storage/entry.repository';\nexport const sql = String(rowOf);\n" },
      'migrations-are-self-contained',
    ],
    [
      'two adapter folders import each other',
      {
        'src/graphql/entries/entry.resolver.ts': "import { route } from '../../rest/entries.routes';\nexport const resolver = route;\n",
        'src/rest/entries.routes.ts':
          "import { termsOf } from '../domain/search/search';\nimport { resolver } from '../graphql/entries/entry.resolver';\nexport const route = termsOf;\nexport const both = [resolver];\n",
      },
      'no-cycle-between-folders',
    ],
    [
      'two packages of the engine import each other',
      {
        'src/document/tax/rate.ts': 'export interface Rate { percent: string }\n',
        'src/document/bill/line.ts': "import type { Rate } from '../tax/rate';\nexport interface Line { sum: string; rate?: Rate }\n",
        'src/document/tax/totals.ts': "import type { Line } from '../bill/line';\nexport type Totals = Line[];\n",
      },
      'no-cycle-between-folders',
    ],
    [
      'the engine base imports a package above it',
      {
        'src/document/tax/rate.ts': 'export interface Rate { percent: string }\n',
        'src/document/base/types.ts': "import type { Rate } from '../tax/rate';\nexport type Json = string | Rate;\n",
      },
      'engine-base-imports-only-the-model',
    ],
    [
      'two files import each other',
      {
        'src/domain/entries/model/entry.ts':
          "import type { Envelope } from '../../../document/envelope';\nimport type { termsOf } from '../../search/search';\nexport interface Entry { id: string; data?: Envelope; terms?: ReturnType<typeof termsOf> }\n",
      },
      'no-cycle-between-modules',
    ],
    [
      'the view reads the engine beyond its JSON types',
      {
        'src/render/document-view.ts':
          "import type { Envelope } from '../document/envelope';\nexport const documentView = (envelope: Envelope) => envelope.uuid;\n",
      },
      'render-is-plain-data',
    ],
    [
      'the console imports the engine',
      {
        'console/src/entry-page.ts':
          "import type { Envelope } from '../../src/document/envelope';\nexport const page = (envelope: Envelope) => envelope.uuid;\n",
      },
      'console-reads-only-the-view',
    ],
    // The escapes no cycle catches: an import up the order of the layers (.dependency-cruiser.cjs LAYERS).
    [
      'the worker pool imports GraphQL',
      {
        'src/graphql/schema.ts': 'export const schemaText = "type Query { ok: Boolean }";\n',
        'src/workers/document-workers.ts': "import { schemaText } from '../graphql/schema';\nexport const pool = schemaText;\n",
      },
      'layers-import-downward',
    ],
    [
      'outbound webhooks import the REST contract',
      { 'src/webhooks/http-webhook-sender.ts': "import { route } from '../rest/entries.routes';\nexport const send = route;\n" },
      'layers-import-downward',
    ],
    [
      'the configuration imports GraphQL',
      {
        'src/graphql/schema.ts': 'export const schemaText = "type Query { ok: Boolean }";\n',
        'src/config.ts': "import { schemaText } from './graphql/schema';\nexport const explorers = [schemaText];\n",
      },
      'layers-import-downward',
    ],
    [
      'signing imports the configuration (a root file tied to a folder below it)',
      {
        'src/config.ts': 'export class ConfigError extends Error {}\n',
        'src/signing/signing-keys.ts': "import { ConfigError } from '../config';\nexport const refuse = () => new ConfigError();\n",
      },
      'layers-import-downward',
    ],
    [
      "an entry's model imports the documents derived from it (a package tied to a sibling's child)",
      {
        'src/domain/documents/derive/derive-source.ts':
          "import type { Entry } from '../../entries/model/entry';\nexport const sourceOf = (entry: Entry) => entry.id;\n",
        'src/domain/entries/model/create-entry.input.ts':
          "import { sourceOf } from '../../documents/derive/derive-source';\nexport const input = sourceOf;\n",
      },
      'layers-import-downward',
    ],
    [
      "a subfolder reaches back to its parent's files",
      {
        'src/domain/entries/entries.service.ts':
          "import type { Entry } from './model/entry';\nexport const service = (entry: Entry) => entry.id;\n",
        'src/domain/entries/model/entry-cursor.ts': "import { service } from '../entries.service';\nexport const cursor = service;\n",
      },
      'layers-import-downward',
    ],
    [
      'REST imports GraphQL, which sits above it',
      {
        'src/graphql/plumbing/limits.ts': 'export const maxDepth = 10;\n',
        'src/rest/entries.routes.ts': "import { maxDepth } from '../graphql/plumbing/limits';\nexport const route = () => maxDepth;\n",
      },
      'adapters-stay-apart',
    ],
    [
      'a root file no layer places',
      {
        'src/stray.ts': 'export const stray = 1;\n',
        'src/server.ts': "import { stray } from './stray';\nexport const wiring = [stray];\n",
      },
      'every-file-has-a-layer',
    ],
    [
      'a new folder no layer places',
      {
        'src/sequences/numbering.ts':
          "import type { Entry } from '../domain/entries/model/entry';\nexport const numberOf = (entry: Entry) => entry.id;\n",
      },
      'every-file-has-a-layer',
    ],
  ])('fails when %s', (_case, change, rule) => {
    const { status, broken } = check({ ...CLEAN, ...change });
    expect(status).not.toBe(0);
    expect(broken).toContain(rule);
  });
});
