import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { OPENAPI_FILE, openApiText } from '../rest/openapi';

/** `npm run openapi:emit`: writes openapi/openapi.json from the route schemas. */
const file = path.resolve(OPENAPI_FILE); // npm runs scripts from the package root
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, openApiText());
process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
