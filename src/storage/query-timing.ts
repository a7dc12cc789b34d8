import type { DataSource, EntitySubscriberInterface, QueryRunner } from 'typeorm';

export interface PoolUse {
  size: number;
  inUse: number;
  waiting: number;
}

/**
 * Times every query TypeORM runs, through its query events: a query runner runs one query at a time, so the
 * start noted before a query is that query's when it ends. (TypeORM's own figure is in whole milliseconds.)
 */
export function timeQueries(dataSource: DataSource, observe: (seconds: number, failed: boolean) => void): void {
  const started = new WeakMap<QueryRunner, bigint>();
  const subscriber: EntitySubscriberInterface = {
    beforeQuery({ queryRunner }) {
      started.set(queryRunner, process.hrtime.bigint());
    },
    afterQuery({ queryRunner, success }) {
      const start = started.get(queryRunner);
      if (start === undefined) return;
      started.delete(queryRunner);
      observe(Number(process.hrtime.bigint() - start) / 1e9, !success);
    },
  };
  dataSource.subscribers.push(subscriber);
}

/** mysql2's pool keeps its counts in queues it does not publish; read them, or nothing for SQLite (no pool). */
interface Mysql2Pool {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
}

/** How the connection pool is used right now; undefined for SQLite, which has one connection and no pool. */
export function poolUseReader(dataSource: DataSource): (() => PoolUse) | undefined {
  const pool = (dataSource.driver as { pool?: Mysql2Pool }).pool;
  if (!pool?._allConnections || !pool._freeConnections) return undefined;
  return () => {
    const size = pool._allConnections!.length;
    return { size, inUse: size - pool._freeConnections!.length, waiting: pool._connectionQueue?.length ?? 0 };
  };
}
