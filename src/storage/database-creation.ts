import { createConnection } from 'mysql2/promise';

/**
 * Why the service cannot use its database, said in one line a person can act on (the statement to run, the
 * setting to change), where a driver's error would print a stack trace. `main` prints the message alone.
 */
export class DatabaseSetupError extends Error {}

/** MariaDB's answer when the database a connection names does not exist. */
export const isUnknownDatabase = (error: unknown): boolean => codeOf(error) === 'ER_BAD_DB_ERROR';

const codeOf = (error: unknown): string | undefined => (error as { code?: string } | undefined)?.code;

/** The database a mysql:// URL names, and the URL's other parts, as the driver would read them. */
function partsOf(url: string): { host: string; port: number; user: string; password: string; database: string } {
  const parsed = new URL(url);
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database: decodeURIComponent(parsed.pathname.slice(1)),
  };
}

/** A database's name as SQL writes an identifier. */
const quotedName = (database: string) => `\`${database.replaceAll('`', '``')}\``;

/** The statement that makes the database, as the service runs it (`IF NOT EXISTS`) and as a message gives it. */
export function createStatementFor(database: string, ifNotExists = false): string {
  return `CREATE DATABASE ${ifNotExists ? 'IF NOT EXISTS ' : ''}${quotedName(database)} CHARACTER SET utf8mb4`;
}

/**
 * Makes the database that DATABASE_URL names, on its first host, with the URL's own user: a first start on a
 * fresh MariaDB then needs no step by hand. A user that may not create databases gets a DatabaseSetupError
 * giving the statement to run instead (the password is never in the message).
 */
export async function createMysqlDatabase(url: string): Promise<void> {
  const { host, port, user, password, database } = partsOf(url);
  if (!database)
    throw new DatabaseSetupError('DATABASE_URL names no database: add one after the host, as in mysql://user@host:3306/entries');
  let connection;
  try {
    connection = await createConnection({ host, port, user, password, charset: 'utf8mb4_unicode_ci' });
    await connection.query(createStatementFor(database, true));
  } catch (error) {
    const code = codeOf(error) ?? 'an error';
    throw new DatabaseSetupError(
      `the database "${database}" does not exist on ${host}:${port}, and the user "${user}" could not create it (${code}): ` +
        `run ${createStatementFor(database)}; as a user who may, or name an existing database in DATABASE_URL`,
    );
  } finally {
    await connection?.end().catch(() => undefined);
  }
}

/**
 * A first connection's failure that the person starting the service can fix, said as what to do (never with the
 * password); undefined for anything else, which is left to fail as it is.
 */
export function setupProblemOf(error: unknown, url: string): DatabaseSetupError | undefined {
  const { host, port, user, database } = partsOf(url);
  switch (codeOf(error)) {
    case 'ER_DBACCESS_DENIED_ERROR':
      return new DatabaseSetupError(
        `the user "${user}" may not use the database "${database}" on ${host}:${port} (it may not exist yet): as a user who may, ` +
          `run ${createStatementFor(database)}; GRANT ALL ON ${quotedName(database)}.* TO '${user}'; or name another database or user in DATABASE_URL`,
      );
    case 'ER_ACCESS_DENIED_ERROR':
      return new DatabaseSetupError(`MariaDB at ${host}:${port} refused the user "${user}": check the user and password in DATABASE_URL`);
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return new DatabaseSetupError(
        `cannot reach MariaDB at ${host}:${port} (${codeOf(error)}): is it running, and is DATABASE_URL's host right?`,
      );
    default:
      return undefined;
  }
}
