/**
 * `npm run codegen`: writes the typed documents that codegen.yml describes, with @graphql-codegen's core and
 * plugins, from the committed schema and the operations' files. `--check` writes nothing, and exits 1 naming
 * the files that are stale. (Not graphql-codegen's CLI: its loaders for remote schemas pull in packages that
 * want Node 22, and this project reads local files only.)
 *
 * Run: node --require ./scripts/register-ts.js scripts/codegen.ts [--check]
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { codegen } from '@graphql-codegen/core';
import * as typedDocumentNode from '@graphql-codegen/typed-document-node';
import * as typescriptOperations from '@graphql-codegen/typescript-operations';
import { buildSchema, parse } from 'graphql';
import { parse as parseYaml } from 'yaml';

const ROOT = path.resolve(__dirname, '..');
const PLUGINS: Record<string, unknown> = { 'typescript-operations': typescriptOperations, 'typed-document-node': typedDocumentNode };

interface Target {
  /** The operations' files of this target, such as `console/src/operations/*.graphql`. */
  documents: string;
  plugins: string[];
  config?: Record<string, unknown>;
}
interface CodegenConfig {
  schema: string;
  generates: Record<string, Target>;
}

/** The files a pattern such as `test/graphql/operations/*.graphql` names: a `*` in the file name only. */
function filesOf(pattern: string): string[] {
  const dir = path.join(ROOT, path.dirname(pattern));
  const name = new RegExp(
    `^${path
      .basename(pattern)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')}$`,
  );
  return fs
    .readdirSync(dir)
    .filter((f) => name.test(f))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Each output file of codegen.yml and the text it should hold. */
export async function generate(): Promise<Map<string, string>> {
  const config = parseYaml(fs.readFileSync(path.join(ROOT, 'codegen.yml'), 'utf8')) as CodegenConfig;
  const schemaText = fs.readFileSync(path.join(ROOT, config.schema), 'utf8');
  const outputs = new Map<string, string>();
  for (const [filename, target] of Object.entries(config.generates)) {
    const documents = filesOf(target.documents).map((file) => ({
      location: path.relative(ROOT, file),
      document: parse(fs.readFileSync(file, 'utf8')),
    }));
    const text = await codegen({
      filename,
      schema: parse(schemaText),
      schemaAst: buildSchema(schemaText),
      documents,
      config: target.config ?? {},
      plugins: target.plugins.map((name) => ({ [name]: {} })),
      pluginMap: Object.fromEntries(target.plugins.map((name) => [name, PLUGINS[name]])) as never,
    });
    outputs.set(path.join(ROOT, filename), text);
  }
  return outputs;
}

/** The output files whose text differs from what codegen.yml generates. */
export async function staleFiles(): Promise<string[]> {
  const stale: string[] = [];
  for (const [file, text] of await generate()) {
    if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) stale.push(path.relative(ROOT, file));
  }
  return stale;
}

if (require.main === module) {
  (async () => {
    if (process.argv.includes('--check')) {
      const stale = await staleFiles();
      if (stale.length > 0) {
        console.error(`stale generated files (run npm run codegen): ${stale.join(', ')}`);
        process.exit(1);
      }
      return;
    }
    for (const [file, text] of await generate()) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
      console.log(`wrote ${path.relative(ROOT, file)}`);
    }
  })().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
