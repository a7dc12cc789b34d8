import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { findGoblDir } from '../../scripts/gobl-fixtures';

/**
 * GOBL's golden examples and data files (see scripts/gobl-fixtures.ts for where they are looked for): the tests
 * read them, the product never does. When they are absent, the tests that need them are skipped through
 * `withGobl` and test/setup/gobl-notice.ts prints one line saying how to get them.
 */
export const GOBL_DIR = findGoblDir();
/** Paths under an absent folder when GOBL_DIR is undefined: only tests skipped without it read them. */
const root = GOBL_DIR ?? path.resolve(__dirname, '../fixtures/gobl');
export const EXAMPLES = path.join(root, 'examples');
export const GOBL_DATA = path.join(root, 'data');

/**
 * `test` and `describe` when GOBL's files are here, skipped forms when they are not. A skipped `describe` does not
 * even run its body (which may read examples to build its tables): it holds one skipped placeholder instead.
 */
export const withGobl = {
  test: GOBL_DIR ? test : test.skip,
  describe: GOBL_DIR
    ? describe
    : (name: string, _body: () => void) => describe.skip(name, () => test('reads GOBL examples', () => undefined)),
};

/** A JSON or YAML file, by the name it ends with. */
export function readJsonOrYaml<T = any>(file: string): T {
  const text = readFileSync(file, 'utf8');
  return (file.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as T;
}

/** An example by its path under EXAMPLES (`es/out/invoice-es-es.json`): an envelope for the files under `out/`. */
export const readExample = <T = any>(file: string): T => readJsonOrYaml<T>(path.join(EXAMPLES, file));

/** The document of an example envelope. */
export const exampleDoc = <T = any>(file: string): T => readExample(file).doc;
