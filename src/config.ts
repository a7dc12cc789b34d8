/**
 * The service's configuration, read from environment variables and checked once at start. Every variable is
 * declared once in src/config/settings/ (type, default, bounds, description); docs/configuration.md is generated
 * from that declaration (`npm run docs:config`).
 */
export { loadConfig } from './config/load-config';
export { ConfigError } from './config/config-error';
export { loadSigningKeys } from './config/signing-keys';
export { type Config } from './config/config.type';
export { type DatabaseConfig, type DatabaseHost } from './config/settings/database';
export { GRAPHQL_EXPLORERS, type GraphQLExplorer } from './config/settings/graphql';
export { parseDuration, parseSize } from './config/settings/units';
export { ENGINE_QUEUE_DEFAULTS, workspaceThreadsOf } from './config/settings/engine';
