import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SCHEMA_FILE, schemaSdl } from '../graphql/schema';

/** `npm run schema:emit`: writes schema/schema.graphql from the TypeGraphQL types. */
const file = path.resolve(SCHEMA_FILE); // npm runs scripts from the package root
writeFileSync(file, schemaSdl());
process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
