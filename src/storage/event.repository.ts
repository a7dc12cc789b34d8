import type { DataSource } from 'typeorm';
import type { EntryEvent, EventType } from '../domain/entry-event';
import type { EventSlice, EventStore, FeedState } from '../domain/event-store';
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

/** The feeds of events: read here; written by each change's transaction (event-steps.ts). */
export class EventRepository implements EventStore {
  constructor(private readonly dataSource: DataSource) {}

  async readEvents(workspaceId: string, slice: EventSlice): Promise<EntryEvent[]> {
    const where = ['workspace_id = ?', 'seq > ?'];
    const parameters: unknown[] = [workspaceId, slice.afterSeq];
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
    const found: { workspace_id: string }[] = await this.dataSource.query('SELECT workspace_id FROM entry_events WHERE created_at < ? ORDER BY created_at LIMIT 1', [before.getTime()]);
    if (found.length === 0) return 0;
    const workspaceId = found[0].workspace_id;
    return runTransaction(this.dataSource, function* (mysql) {
      const rows: { seq: number | string }[] = yield {
        sql: 'SELECT seq FROM entry_events WHERE workspace_id = ? AND created_at < ? ORDER BY seq LIMIT ?',
        parameters: [workspaceId, before.getTime(), limit],
      };
      if (rows.length === 0) return 0;
      const through = Number(rows[rows.length - 1].seq);
      yield {
        sql: `UPDATE event_feeds SET pruned_through = ${mysql ? 'GREATEST' : 'MAX'}(pruned_through, ?) WHERE workspace_id = ?`,
        parameters: [through, workspaceId],
      };
      const deleted: { affectedRows?: number; changes?: number } = yield { sql: 'DELETE FROM entry_events WHERE workspace_id = ? AND seq <= ?', parameters: [workspaceId, through] };
      return Number(deleted.affectedRows ?? deleted.changes ?? rows.length);
    });
  }
}
