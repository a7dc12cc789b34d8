import { mintToken } from './auth/mint-token';
import { ConfigError, loadConfig } from './config';
import { lowerHelperThreads } from './workers/helper-threads';
import { limitHeapGrowth } from './heap-growth';
import { consoleLink } from './http/console.routes';
import { buildServer } from './server';
import { DatabaseSetupError } from './storage/database-creation';

/** Reads the environment, starts the service, and stops it cleanly on SIGTERM or SIGINT. */
async function main(): Promise<void> {
  // Whatever the process writes (SQLite's own files included) is the owner's alone, as DATA_DIR is.
  process.umask(0o077);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  limitHeapGrowth(config.heapGrowthPercent);
  // Before any worker thread exists: the threads there are now are V8's helpers, which collect the engine's garbage too.
  const helpersLowered = config.engine.threads > 0 ? lowerHelperThreads(config.engine.nice) : 0;
  const server = await buildServer(config);
  const url = await server.listen();
  server.logger.debug({ helpersLowered, nice: config.engine.nice }, "helper threads at the engine's priority");
  server.logger.info({ url, database: config.database.type }, 'listening');

  if (server.localSecret?.created) {
    // Only on the start that made the secret: a token printed on every start would leave a fresh 30-day
    // credential in every log that keeps the service's output.
    const token = await mintToken(server.localSecret.secret, 'default', { claim: config.jwt.workspaceClaim });
    process.stdout.write(
      `\nNo JWT key is configured, so a local secret, made now in ${config.dataDir}, signs tokens.\n` +
        `Token for workspace "default" (valid 30 days; another with: npm run token -- --workspace NAME):\n\n${token}\n\n`,
    );
    if (config.console)
      process.stdout.write(`Open the console, signed in with it:\n\n${consoleLink(config.host, new URL(url).port, token)}\n\n`);
  } else if (server.localSecret) {
    process.stdout.write(
      `\nNo JWT key is configured: the local secret in ${config.dataDir} signs tokens. Mint one with: npm run token -- --workspace NAME\n\n`,
    );
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.logger.info({ signal }, 'stopping: finishing requests in flight');
    server.close().then(
      () => {
        server.logger.info('stopped');
        process.exit(0);
      },
      (error) => {
        server.logger.error({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error) => {
  // A setup the person can fix is said in one line; anything else is a bug, and its stack helps.
  if (error instanceof DatabaseSetupError) {
    process.stderr.write(`failed to start: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`failed to start: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
