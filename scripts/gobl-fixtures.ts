/**
 * Where GOBL's golden examples and data files are, for the tests and `npm run conformance` (never the product).
 * In order: `GOBL_EXAMPLES` (a folder holding GOBL's `examples/` and `data/`, e.g. a checkout at GOBL_TAG),
 * the folder `npm run fixtures:gobl` fills, then `../shared/gobl` beside the project.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The GOBL release the engine is compared with; `npm run fixtures:gobl` downloads this one. */
export const GOBL_TAG = 'v0.502.1';
export const LOCAL_GOBL_DIR = path.resolve(__dirname, '../test/fixtures/gobl');
const SIBLING_GOBL_DIR = path.resolve(__dirname, '../../shared/gobl');

/** The one line shown when they are absent, and the tests that need them are skipped. */
export const HOW_TO_GET_GOBL =
  `GOBL's golden examples not found: tests that need them are skipped. Get them with \`npm run fixtures:gobl\` ` +
  `(downloads GOBL ${GOBL_TAG}) or set GOBL_EXAMPLES to a folder holding GOBL's examples/ and data/.`;

/** The folder holding `examples/` and `data/`, or undefined when none is present. A GOBL_EXAMPLES that is set but wrong throws. */
export function findGoblDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.GOBL_EXAMPLES;
  if (configured) {
    const dir = path.resolve(configured);
    if (fs.existsSync(path.join(dir, 'examples'))) return dir;
    // The examples folder itself is accepted too: its parent holds data/.
    if (path.basename(dir) === 'examples' && fs.existsSync(dir)) return path.dirname(dir);
    throw new Error(`GOBL_EXAMPLES=${configured}: no examples/ folder there (expected a GOBL checkout at ${GOBL_TAG})`);
  }
  return [LOCAL_GOBL_DIR, SIBLING_GOBL_DIR].find((dir) => fs.existsSync(path.join(dir, 'examples')));
}
