import type { DataSource } from 'typeorm';
import type { Entry } from '../domain/entries/model/entry';
import type { EventsOf, NewEvent } from '../domain/entries/model/entry-event';
import { EntryEntity } from './entities/entry.entity';
import { fromEntryRow } from './entry.mapper';
import { hydratedRow } from './row-statements';
import type { Steps } from './sql-transaction';

/** The columns of an entry an event tells of, from its entity: all but its envelope (as text or packed). Made once per data source. */
const entryColumns = new WeakMap<DataSource, string>();
function entryColumnsOf(dataSource: DataSource): string {
  let columns = entryColumns.get(dataSource);
  if (columns === undefined) {
    const envelope = new Set(['data', 'dataPacked']);
    const all = dataSource.getMetadata(EntryEntity).columns.filter((column) => !envelope.has(column.propertyName));
    columns = all.map((column) => dataSource.driver.escape(column.databaseName)).join(', ');
    entryColumns.set(dataSource, columns);
  }
  return columns;
}

/** The entry as the transaction has left it, without its envelope. */
export function* storedEntry(dataSource: DataSource, workspaceId: string, entryId: string): Steps<Entry | undefined> {
  const rows: Record<string, unknown>[] = yield {
    sql: `SELECT ${entryColumnsOf(dataSource)} FROM entries WHERE workspace_id = ? AND id = ?`,
    parameters: [workspaceId, entryId],
  };
  return rows[0] ? fromEntryRow(hydratedRow(dataSource, EntryEntity, rows[0])) : undefined;
}

/**
 * Writes the events of a change in the change's transaction, in the order made, without a place in the feed:
 * the sequencer (EventRepository.placeUnplaced) gives them theirs once they are committed. Writers of one
 * workspace thus share no row, on one database or on a cluster.
 */
export function* eventSteps(events: readonly NewEvent[]): Steps<void> {
  if (events.length === 0) return;
  yield {
    sql: `INSERT INTO entry_events (workspace_id, id, event_type, entry_id, folder, created_at, data) VALUES ${events.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    parameters: events.flatMap((event) => [
      event.workspaceId,
      event.id,
      event.type,
      event.entryId,
      String(event.data.folder ?? ''),
      event.createdAt.getTime(),
      JSON.stringify(event.data),
    ]),
  };
}

/** The events `eventsOf` makes of the entry as the transaction left it, written there. */
export function* announceSteps(dataSource: DataSource, workspaceId: string, entryId: string, eventsOf: EventsOf | undefined): Steps<void> {
  if (!eventsOf) return;
  const entry = yield* storedEntry(dataSource, workspaceId, entryId);
  if (entry) yield* eventSteps(eventsOf(entry));
}
