import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { SCHEMA_FILE, schemaSdl } from '../../src/graphql/schema';

const ROOT = path.resolve(__dirname, '../..');

describe('generated files are up to date', () => {
  test('schema/schema.graphql is the SDL of the TypeGraphQL types (else run `npm run schema:emit`)', () => {
    const committed = readFileSync(path.join(ROOT, SCHEMA_FILE), 'utf8');
    expect(schemaSdl()).toBe(committed);
  });

  test('the typed documents are what codegen.yml generates from it (else run `npm run codegen`)', async () => {
    // `npm run codegen:check` exits 1 and names the stale files. (A child process: the plugins load an ES
    // module, which Node requires but Jest's module system does not.)
    const check = ['--require', './scripts/register-ts.js', 'scripts/codegen.ts', '--check'];
    const run = promisify(execFile)(process.execPath, check, { cwd: ROOT });
    await expect(run.catch((error) => Promise.reject(new Error(`${error.stdout}${error.stderr}`)))).resolves.toBeDefined();
  });
});
