import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_DOCS_FILE, withConfigTables } from '../src/config/config-docs';

/**
 * `npm run docs:config`: writes the configuration tables of docs/configuration.md from the settings' declaration.
 * `--check` writes nothing and exits 1 when the page is not what the declaration generates (for CI).
 */
const file = path.resolve(CONFIG_DOCS_FILE); // npm runs scripts from the package root
const page = readFileSync(file, 'utf8');
const generated = withConfigTables(page);
if (process.argv.includes('--check')) {
  if (generated !== page) {
    process.stderr.write(`${CONFIG_DOCS_FILE} differs from the settings' declaration: run \`npm run docs:config\`\n`);
    process.exit(1);
  }
} else if (generated !== page) {
  writeFileSync(file, generated);
  process.stdout.write(`wrote ${CONFIG_DOCS_FILE}\n`);
} else process.stdout.write(`${CONFIG_DOCS_FILE} is up to date\n`);
