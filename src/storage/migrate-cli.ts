import { loadConfig } from '../config';
import { openDataSource } from './data-source';

/** `npm run migrate`: applies pending migrations to the configured database and exits. */
async function main(): Promise<void> {
  const config = loadConfig();
  const dataSource = await openDataSource(config.database);
  process.stdout.write(`migrations applied to the ${config.database.type} database\n`);
  await dataSource.destroy();
}

main().catch((error: Error) => {
  process.stderr.write(`migration failed: ${error.message}\n`);
  process.exit(1);
});
