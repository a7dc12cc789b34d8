import type { DataSource } from 'typeorm';
import type { EntryEvent, EventType } from '../domain/entries/model/entry-event';
import type { EventSlice, EventStore, FeedState, PlacedBatch } from '../domain/events/event-store';
import { runTransaction } from './sql-transaction';

interface EventRow {
  workspace_id: string;
  seq: number | string;
  id: string;
  event_type: string;
  entry_id: string;
  created_at: number | string;
  data: string;
}

const fromEventRow = (row: EventRow): EntryEvent => ({
  workspaceId: row.workspace_id,
  seq: Number(row.seq),
  id: row.id,
  type: row.event_type as EventType,
  entryId: row.entry_id,
  createdAt: new Date(Number(row.created_at)),
  data: JSON.parse(row.data) as EntryEvent['data'],
});

/** How many events one run of the sequencer places, at most. */
const PLACE_BATCH = 500;

/**
 * The feeds of events: written by each change's transaction without places (event-steps.ts), placed here after
 * their commit, read here by place.
 */
export class EventRepository implements EventStore {
  constructor(private readonly dataSource: DataSource) {}

  async readEvents(workspaceId: string, slice: EventSlice): Promise<EntryEvent[]> {
    const where = ['workspace_id = ?', 'seq > ?', 'seq <= ?'];
    const parameters: unknown[] = [workspaceId, slice.afterSeq, slice.throughSeq];
    if (slice.types) {
      where.push(`event_type IN (${slice.types.map(() => '?').join(', ')})`);
      parameters.push(...slice.types);
    }
    if (slice.entryId) {
      where.push('entry_id = ?');
      parameters.push(slice.entryId);
    }
    if (slice.folder !== undefined) {
      where.push('folder = ?');
      parameters.push(slice.folder);
    }
    const rows: EventRow[] = await this.dataSource.query(
      `SELECT workspace_id, seq, id, event_type, entry_id, created_at, data FROM entry_events WHERE ${where.join(' AND ')} ORDER BY seq LIMIT ?`,
      [...parameters, slice.limit],
    );
    return rows.map(fromEventRow);
  }

  async hasUnplaced(): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query('SELECT pk FROM entry_events WHERE seq IS NULL ORDER BY pk LIMIT 1');
    return rows.length > 0;
  }

  /**
   * Gives the committed events without a place the next places of their workspaces' feeds, in the order they
   * were written, and answers the workspaces whose feeds grew. Events are placed only once committed, and a
   * place is never given twice nor below one already given: an event committed late comes after whatever a
   * reader has already read, never behind its cursor. Two sequencers at once take turns on the rows they place
   * (or, on a cluster, one fails certification and runs again).
   */
  placeUnplaced(): Promise<PlacedBatch> {
    return runTransaction(
      this.dataSource,
      function* (mysql) {
        const lock = mysql ? ' FOR UPDATE' : '';
        const rows: { pk: number | string; workspace_id: string }[] = yield {
          sql: `SELECT pk, workspace_id FROM entry_events WHERE seq IS NULL ORDER BY pk LIMIT ${PLACE_BATCH}${lock}`,
          parameters: [],
        };
        if (rows.length === 0) return { workspaces: [], more: false };
        const byWorkspace = new Map<string, number[]>();
        for (const row of rows) byWorkspace.set(row.workspace_id, [...(byWorkspace.get(row.workspace_id) ?? []), Number(row.pk)]);
        const workspaces = [...byWorkspace.keys()].sort();
        for (const workspaceId of workspaces) {
          const pks = byWorkspace.get(workspaceId)!;
          const feed: { last_seq: number | string }[] = yield {
            sql: `SELECT last_seq FROM event_feeds WHERE workspace_id = ?${lock}`,
            parameters: [workspaceId],
          };
          const last = Number(feed[0]?.last_seq ?? 0);
          yield feed.length > 0
            ? { sql: 'UPDATE event_feeds SET last_seq = ? WHERE workspace_id = ?', parameters: [last + pks.length, workspaceId] }
            : {
                sql: 'INSERT INTO event_feeds (workspace_id, last_seq, pruned_through) VALUES (?, ?, 0)',
                parameters: [workspaceId, pks.length],
              };
          // One statement for the workspace's batch: each row's place by its order in the batch.
          yield {
            sql: `UPDATE entry_events SET seq = CASE pk ${pks.map(() => 'WHEN ? THEN ?').join(' ')} END WHERE pk IN (${pks.map(() => '?').join(', ')})`,
            parameters: [...pks.flatMap((pk, i) => [pk, last + i + 1]), ...pks],
          };
        }
        return { workspaces, more: rows.length === PLACE_BATCH };
      },
      { readCommitted: true },
    );
  }

  async feedState(workspaceId: string): Promise<FeedState> {
    const [row]: { last_seq: number | string; pruned_through: number | string }[] = await this.dataSource.query(
      'SELECT last_seq, pruned_through FROM event_feeds WHERE workspace_id = ?',
      [workspaceId],
    );
    return { lastSeq: Number(row?.last_seq ?? 0), prunedThrough: Number(row?.pruned_through ?? 0) };
  }

  async lastSeqs(workspaceIds: readonly string[]): Promise<Map<string, number>> {
    if (workspaceIds.length === 0) return new Map();
    const rows: { workspace_id: string; last_seq: number | string }[] = await this.dataSource.query(
      `SELECT workspace_id, last_seq FROM event_feeds WHERE workspace_id IN (${workspaceIds.map(() => '?').join(', ')})`,
      [...workspaceIds],
    );
    return new Map(rows.map((row) => [row.workspace_id, Number(row.last_seq)]));
  }

  /**
   * Deletes the oldest events of one workspace at a time, up to `limit`, and records in its feed the last place
   * deleted, in the same transaction: a cursor before it is then known to have lost events (410), never read
   * as a feed with a gap.
   */
  async pruneBefore(before: Date, limit: number): Promise<number> {
    const found: { workspace_id: string }[] = await this.dataSource.query(
      'SELECT workspace_id FROM entry_events WHERE created_at < ? AND seq IS NOT NULL ORDER BY created_at LIMIT 1',
      [before.getTime()],
    );
    if (found.length === 0) return 0;
    const workspaceId = found[0].workspace_id;
    return runTransaction(this.dataSource, function* (mysql) {
      const rows: { seq: number | string }[] = yield {
        sql: 'SELECT seq FROM entry_events WHERE workspace_id = ? AND created_at < ? AND seq IS NOT NULL ORDER BY seq LIMIT ?',
        parameters: [workspaceId, before.getTime(), limit],
      };
      if (rows.length === 0) return 0;
      const through = Number(rows[rows.length - 1].seq);
      yield {
        sql: `UPDATE event_feeds SET pruned_through = ${mysql ? 'GREATEST' : 'MAX'}(pruned_through, ?) WHERE workspace_id = ?`,
        parameters: [through, workspaceId],
      };
      const deleted: { affectedRows?: number; changes?: number } = yield {
        sql: 'DELETE FROM entry_events WHERE workspace_id = ? AND seq <= ?',
        parameters: [workspaceId, through],
      };
      return Number(deleted.affectedRows ?? deleted.changes ?? rows.length);
    });
  }
}
