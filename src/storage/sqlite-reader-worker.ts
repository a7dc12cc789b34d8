import { workerData } from 'piscina';

/** The little of better-sqlite3 used here (the package ships no types; the service reaches it through TypeORM). */
interface Statement {
  all(...parameters: unknown[]): unknown[];
}
interface Connection {
  prepare(sql: string): Statement;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database = require('better-sqlite3') as new (file: string, options: Record<string, unknown>) => Connection;

/** A read the HTTP thread hands over: one SELECT and its parameters. */
export interface SqliteRead {
  sql: string;
  parameters: unknown[];
}

/** Prepared statements kept per thread: the reads handed over are a few shapes, each prepared once. */
const STATEMENTS_KEPT = 64;

let database: Connection | undefined;
const statements = new Map<string, Statement>();

function statementOf(sql: string): Statement {
  let statement = statements.get(sql);
  if (statement) {
    // Most recently used last, so the first is the one to drop.
    statements.delete(sql);
    statements.set(sql, statement);
    return statement;
  }
  database ??= new Database((workerData as { file: string }).file, { readonly: true, fileMustExist: true, timeout: 5000 });
  statement = database.prepare(sql);
  statements.set(sql, statement);
  if (statements.size > STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string);
  return statement;
}

/** Runs one read on this thread's own read-only connection to the service's database file. */
export default function read(task: SqliteRead): unknown[] {
  try {
    return statementOf(task.sql).all(...task.parameters);
  } catch (error) {
    // better-sqlite3's own error class crosses back to the HTTP thread as a bare object: send a plain Error.
    const { message, code } = error as { message?: string; code?: string };
    throw Object.assign(new Error(message ?? String(error)), { code });
  }
}
