import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

/** GOBL's golden examples, beside the project: the tests read them, the product never does. */
export const EXAMPLES = path.resolve(__dirname, '../../../shared/gobl/examples');

/** A JSON or YAML file, by the name it ends with. */
export function readJsonOrYaml<T = any>(file: string): T {
  const text = readFileSync(file, 'utf8');
  return (file.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as T;
}

/** An example by its path under EXAMPLES (`es/out/invoice-es-es.json`): an envelope for the files under `out/`. */
export const readExample = <T = any>(file: string): T => readJsonOrYaml<T>(path.join(EXAMPLES, file));

/** The document of an example envelope. */
export const exampleDoc = <T = any>(file: string): T => readExample(file).doc;
