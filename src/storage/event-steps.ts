import type { DataSource } from 'typeorm';
import type { Entry } from '../domain/entry';
import type { EventsOf, NewEvent } from '../domain/entry-event';
import { EntryEntity } from './entities/entry.entity';
import { fromEntryRow } from './entry.mapper';
import { hydratedRow } from './row-statements';
import type { Step } from './sql-transaction';

/** The columns of an entry an event tells of: all but its envelope. */
const ENTRY_COLUMNS =
  'workspace_id, id, entry_key, key_slot, folder, doc_schema, env_schema, state, signed, signature, invalid, digest_alg, digest_val, snippet, tags, faults, created_at, updated_at, version';

/** The entry as the transaction has left it, without its envelope. */
export function* storedEntry(dataSource: DataSource, workspaceId: string, entryId: string): Generator<Step, Entry | undefined, any> {
  const rows: Record<string, unknown>[] = yield { sql: `SELECT ${ENTRY_COLUMNS} FROM entries WHERE workspace_id = ? AND id = ?`, parameters: [workspaceId, entryId] };
  return rows[0] ? fromEntryRow(hydratedRow(dataSource, EntryEntity, rows[0])) : undefined;
}

/**
 * Writes the events of a change in the change's transaction, numbered in the workspace's feed. The feed's row
 * is the transaction's last write, and its lock is held to the commit: two transactions of a workspace number
 * their events one after the other, so a place is taken only once every lower one is committed, and a reader
 * who has seen place n has seen every place before it (on a cluster, the second of two writers of a feed at
 * once fails certification and runs again).
 */
export function* eventSteps(mysql: boolean, events: readonly NewEvent[]): Generator<Step, void, any> {
  if (events.length === 0) return;
  const byWorkspace = new Map<string, NewEvent[]>();
  for (const event of events) byWorkspace.set(event.workspaceId, [...(byWorkspace.get(event.workspaceId) ?? []), event]);
  for (const [workspaceId, ofWorkspace] of byWorkspace) {
    const count = ofWorkspace.length;
    yield mysql
      ? { sql: 'INSERT INTO event_feeds (workspace_id, last_seq, pruned_through) VALUES (?, ?, 0) ON DUPLICATE KEY UPDATE last_seq = last_seq + ?', parameters: [workspaceId, count, count] }
      : { sql: 'INSERT INTO event_feeds (workspace_id, last_seq, pruned_through) VALUES (?, ?, 0) ON CONFLICT (workspace_id) DO UPDATE SET last_seq = last_seq + ?', parameters: [workspaceId, count, count] };
    const [{ last_seq: last }]: { last_seq: number | string }[] = yield { sql: 'SELECT last_seq FROM event_feeds WHERE workspace_id = ?', parameters: [workspaceId] };
    const first = Number(last) - count + 1;
    yield {
      sql: `INSERT INTO entry_events (workspace_id, seq, id, event_type, entry_id, folder, created_at, data) VALUES ${ofWorkspace.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      parameters: ofWorkspace.flatMap((event, i) => [
        workspaceId, first + i, event.id, event.type, event.entryId, String(event.data.folder ?? ''), event.createdAt.getTime(), JSON.stringify(event.data),
      ]),
    };
  }
}

/** The events `eventsOf` makes of the entry as the transaction left it, written there. */
export function* announceSteps(dataSource: DataSource, mysql: boolean, workspaceId: string, entryId: string, eventsOf: EventsOf | undefined): Generator<Step, void, any> {
  if (!eventsOf) return;
  const entry = yield* storedEntry(dataSource, workspaceId, entryId);
  if (entry) yield* eventSteps(mysql, eventsOf(entry));
}
