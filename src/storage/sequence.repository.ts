import type { DataSource } from 'typeorm';
import type { ChainLink, SequenceStore, TakeResult } from '../domain/sequences/sequence-store';
import { codeOf, type Series, type SeriesEntry } from '../domain/sequences/series';
import { duplicateIndexOf } from './duplicate-key';
import { changedRows, runTransaction, type Steps } from './sql-transaction';
import { ENTRY_COLUMNS, SERIES_COLUMNS, entryValues, fromEntryRow, fromSeriesRow, type Row } from './sequence.mapper';

/**
 * Writers of one series all raise its one row, so on a cluster with writers on every node their commits meet in
 * certification: tried again more often than other transactions (pauses of at most 250 ms, about five seconds in
 * all), each try reading where the series stands anew.
 */
const TAKE_RETRIES = { attempts: 30, baseDelayMs: 5, maxDelayMs: 250 };

function* seriesStep(workspaceId: string, id: string, lock: boolean): Steps<Series | undefined> {
  const rows: Row[] = yield {
    sql: `SELECT ${SERIES_COLUMNS} FROM sequence_series WHERE workspace_id = ? AND id = ?${lock ? ' FOR UPDATE' : ''}`,
    parameters: [workspaceId, id],
  };
  return rows[0] ? fromSeriesRow(rows[0]) : undefined;
}

function* entryStep(workspaceId: string, id: string): Steps<SeriesEntry | undefined> {
  const rows: Row[] = yield {
    sql: `SELECT ${ENTRY_COLUMNS} FROM sequence_entries WHERE workspace_id = ? AND id = ?`,
    parameters: [workspaceId, id],
  };
  return rows[0] ? fromEntryRow(rows[0]) : undefined;
}

/** Series of codes and their entries. */
export class SequenceRepository implements SequenceStore {
  constructor(private readonly dataSource: DataSource) {}

  async createSeries(series: Series, limit: number): Promise<{ series: Series; created: boolean } | undefined> {
    const found = await this.findSeries(series.workspaceId, series.id);
    if (found) return { series: found, created: false };
    // The workspace's count row, made on its own (as webhook endpoints' is, for the same reason).
    await runTransaction(this.dataSource, function* (mysql) {
      yield {
        sql: `${mysql ? 'INSERT IGNORE' : 'INSERT OR IGNORE'} INTO sequence_quotas (workspace_id, series) VALUES (?, 0)`,
        parameters: [series.workspaceId],
      };
    });
    try {
      return await runTransaction(this.dataSource, function* (mysql) {
        const existing = yield* seriesStep(series.workspaceId, series.id, mysql);
        if (existing) return { series: existing, created: false };
        const counted = yield {
          sql: 'UPDATE sequence_quotas SET series = series + 1 WHERE workspace_id = ? AND series < ?',
          parameters: [series.workspaceId, limit],
        };
        if (changedRows(counted) === 0) return undefined;
        yield {
          sql: `INSERT INTO sequence_series (${SERIES_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, ?)`,
          parameters: [
            series.workspaceId,
            series.id,
            series.name,
            series.code ?? null,
            series.description ?? null,
            series.prefix,
            series.suffix,
            series.padding,
            series.start,
            series.createdAt.getTime(),
            series.updatedAt.getTime(),
          ],
        };
        return { series, created: true };
      });
    } catch (error) {
      // The same id created at the same moment by another request: answer the one that was stored.
      if (duplicateIndexOf(error) === undefined) throw error;
      const stored = await this.findSeries(series.workspaceId, series.id);
      if (!stored) throw error;
      return { series: stored, created: false };
    }
  }

  updateSeries(series: Series, numberingToo: boolean): Promise<Series | undefined> {
    return runTransaction(this.dataSource, function* () {
      yield {
        sql: 'UPDATE sequence_series SET name = ?, code = ?, description = ?, updated_at = ? WHERE workspace_id = ? AND id = ?',
        parameters: [
          series.name,
          series.code ?? null,
          series.description ?? null,
          series.updatedAt.getTime(),
          series.workspaceId,
          series.id,
        ],
      };
      if (numberingToo)
        yield {
          // Only while no entry was taken: the check and the change are one statement.
          sql: 'UPDATE sequence_series SET prefix = ?, suffix = ?, padding = ?, start = ? WHERE workspace_id = ? AND id = ? AND last_index IS NULL',
          parameters: [series.prefix, series.suffix, series.padding, series.start, series.workspaceId, series.id],
        };
      return yield* seriesStep(series.workspaceId, series.id, false);
    });
  }

  async listSeries(workspaceId: string): Promise<Series[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${SERIES_COLUMNS} FROM sequence_series WHERE workspace_id = ? ORDER BY created_at, id`,
      [workspaceId],
    );
    return rows.map(fromSeriesRow);
  }

  /** The workspaces that have a series of this id (for the command line, which may be given the id alone). */
  async workspacesWithSeries(id: string): Promise<string[]> {
    const rows: Row[] = await this.dataSource.query('SELECT workspace_id FROM sequence_series WHERE id = ? LIMIT 10', [id]);
    return rows.map((row) => String(row.workspace_id));
  }

  async findSeries(workspaceId: string, id: string): Promise<Series | undefined> {
    const rows: Row[] = await this.dataSource.query(`SELECT ${SERIES_COLUMNS} FROM sequence_series WHERE workspace_id = ? AND id = ?`, [
      workspaceId,
      id,
    ]);
    return rows[0] ? fromSeriesRow(rows[0]) : undefined;
  }

  async takeNext(
    workspaceId: string,
    seriesId: string,
    entry: { id: string; meta: Record<string, string>; at: Date },
    sign: (link: ChainLink) => string[],
    maxIndex: number,
  ): Promise<TakeResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.takeOnce(workspaceId, seriesId, entry, sign, maxIndex);
      } catch (error) {
        if (duplicateIndexOf(error) === undefined || attempt >= 3) throw error;
        // The same id taken at the same moment through another node: answer the entry it got. Otherwise the index
        // was: take the next one, from where the series now stands.
        const existing = await this.findEntryAnywhere(workspaceId, entry.id);
        if (existing) return { existing };
      }
    }
  }

  private takeOnce(
    workspaceId: string,
    seriesId: string,
    entry: { id: string; meta: Record<string, string>; at: Date },
    sign: (link: ChainLink) => string[],
    maxIndex: number,
  ): Promise<TakeResult> {
    return runTransaction(
      this.dataSource,
      function* (mysql): Steps<TakeResult> {
        // The series' row first, locked: writers of one series take turns from here (on SQLite the whole write
        // transaction does), and what is read after it is read after the last writer's commit.
        const series = yield* seriesStep(workspaceId, seriesId, mysql);
        if (!series) return { missing: 'series' };
        const existing = yield* entryStep(workspaceId, entry.id);
        if (existing) return { existing };
        const index = series.lastIndex === undefined ? series.start : series.lastIndex + 1;
        if (index > maxIndex) return { exhausted: true };
        let previousSig: string | undefined;
        if (series.lastIndex !== undefined) {
          const rows: Row[] = yield {
            sql: 'SELECT sigs FROM sequence_entries WHERE workspace_id = ? AND series_id = ? AND idx = ?',
            parameters: [workspaceId, seriesId, series.lastIndex],
          };
          previousSig = rows[0] ? (JSON.parse(String(rows[0].sigs)) as string[])[0] : undefined;
        }
        const link: ChainLink = {
          seriesId,
          id: entry.id,
          index,
          code: codeOf(series, index),
          createdAt: entry.at,
          previousId: series.lastEntryId,
          previousSig,
        };
        const taken: SeriesEntry = {
          workspaceId,
          seriesId,
          id: entry.id,
          index,
          code: link.code,
          previousId: series.lastEntryId,
          meta: entry.meta,
          sigs: sign(link),
          createdAt: entry.at,
          updatedAt: entry.at,
        };
        yield {
          sql: `INSERT INTO sequence_entries (${ENTRY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          parameters: entryValues(taken),
        };
        yield {
          sql: 'UPDATE sequence_series SET last_index = ?, last_entry_id = ?, updated_at = ? WHERE workspace_id = ? AND id = ?',
          parameters: [index, entry.id, entry.at.getTime(), workspaceId, seriesId],
        };
        return { taken };
      },
      { readCommitted: true, retries: TAKE_RETRIES },
    );
  }

  private async findEntryAnywhere(workspaceId: string, id: string): Promise<SeriesEntry | undefined> {
    const rows: Row[] = await this.dataSource.query(`SELECT ${ENTRY_COLUMNS} FROM sequence_entries WHERE workspace_id = ? AND id = ?`, [
      workspaceId,
      id,
    ]);
    return rows[0] ? fromEntryRow(rows[0]) : undefined;
  }

  async findEntry(workspaceId: string, seriesId: string, id: string): Promise<SeriesEntry | undefined> {
    const entry = await this.findEntryAnywhere(workspaceId, id);
    return entry?.seriesId === seriesId ? entry : undefined;
  }

  async entries(
    workspaceId: string,
    seriesId: string,
    options: { fromIndex?: number; limit: number; ascending: boolean },
  ): Promise<SeriesEntry[]> {
    const parameters: unknown[] = [workspaceId, seriesId];
    let from = '';
    if (options.fromIndex !== undefined) {
      from = options.ascending ? ' AND idx >= ?' : ' AND idx <= ?';
      parameters.push(options.fromIndex);
    }
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${ENTRY_COLUMNS} FROM sequence_entries WHERE workspace_id = ? AND series_id = ?${from} ORDER BY idx ${options.ascending ? 'ASC' : 'DESC'} LIMIT ${Number(options.limit)}`,
      [...parameters],
    );
    return rows.map(fromEntryRow);
  }
}
