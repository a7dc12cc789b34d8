import { In, type DataSource, type Repository } from 'typeorm';
import type { EntryState, EntryVersion } from '../domain/entries/model/entry-history';
import { API_SOURCE, legacyVersionOf } from '../domain/entries/model/entry-history';
import type { EntryChange, EntryHistoryStore, GuardedWrite } from '../domain/entries/model/entry-history-store';
import type { EntryVersionsShown } from '../domain/entries/model/entry-store';
import type { SearchTermsRule } from '../domain/entries/model/search-store';
import { storedJsonOf } from '../domain/entries/model/entry';
import { EntryStateEntity, EntryVersionEntity } from './entities/entry-history.entity';
import { fromStateRow, toStateRow, toVersionRow, versionOfRow, type VersionRow } from './entry-history.mapper';
import { EntryEntity } from './entities/entry.entity';
import { DOCUMENT_COLUMNS, toEntryRow } from './entry.mapper';
import { envelopeColumns, storedJson } from './packed-json';
import { preparedInsert } from './bulk-insert';
import { rowUpdate } from './row-statements';
import { entryIndexSteps, searchRowSteps } from './entry-index-steps';
import { runTransaction, type Step, type Steps } from './sql-transaction';
import { announceSteps } from './event-steps';
import type { EventsOf } from '../domain/entries/model/entry-event';

/**
 * Versions and states of entries. `update` is the one place an entry's content changes after its creation:
 * whatever else must follow an entry's envelope (indexes) is written there, in its transaction.
 */
export class EntryHistoryRepository implements EntryHistoryStore {
  private readonly versions: Repository<EntryVersionEntity>;
  private readonly states: Repository<EntryStateEntity>;

  constructor(
    private readonly dataSource: DataSource,
    /** The terms an entry is found by: its search row is written again with each change of its data, folder or state. */
    private readonly termsOf: SearchTermsRule,
  ) {
    this.versions = dataSource.getRepository(EntryVersionEntity);
    this.states = dataSource.getRepository(EntryStateEntity);
  }

  /**
   * Writes the entry's new row and, when its data changed, its new version, in one transaction, only if the
   * entry's version is still `expectedVersion` (compare-and-swap under the row's lock): of two updates made
   * from one version, one is written and the other is 'stale'. The first time an entry changes, its original
   * version is written too, from the row, so every version the entry showed stays readable.
   */
  update(change: EntryChange): Promise<GuardedWrite> {
    return runTransaction(this.dataSource, (mysql) => updateSteps(this.dataSource, mysql, change, this.termsOf));
  }

  async hasVersionFrom(workspaceId: string, entryId: string, srcId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM entry_versions WHERE workspace_id = ? AND entry_id = ? AND src_id = ? LIMIT 1',
      [workspaceId, entryId, srcId],
    );
    return rows.length > 0;
  }

  async findVersionData(workspaceId: string, entryId: string, version: string): Promise<string | undefined> {
    const row = await this.versions.findOne({
      select: { data: true, dataPacked: true, seq: true },
      where: { workspaceId, entryId, version },
      order: { seq: 'DESC' },
    });
    return row ? storedJson(row) : undefined;
  }

  putState(workspaceId: string, state: EntryState, options: { replace: boolean; events?: EventsOf }): Promise<GuardedWrite | 'taken'> {
    return runTransaction(this.dataSource, (mysql) => putStateSteps(this.dataSource, mysql, workspaceId, state, options, this.termsOf));
  }

  async listStates(workspaceId: string, entryId: string): Promise<EntryState[]> {
    const rows = await this.states.find({ where: { workspaceId, entryId }, order: { at: 'DESC' } });
    return rows.map(fromStateRow);
  }

  async statesOf(workspaceId: string, entryIds: string[]): Promise<Map<string, EntryState[]>> {
    const found = new Map<string, EntryState[]>(entryIds.map((id) => [id, []]));
    if (entryIds.length === 0) return found;
    const rows = await this.states.find({ where: { workspaceId, entryId: In(entryIds) }, order: { at: 'DESC' } });
    for (const row of rows) found.get(row.entryId)?.push(fromStateRow(row));
    return found;
  }
}

/**
 * The newest `newest` versions of each entry of a page, newest first, and how many each has, in one query
 * (never one per entry); an entry can change without end, so what is read is bounded. An entry with no
 * version rows has never changed: its one version is described by its row, and it is absent here.
 */
export async function loadVersions(
  dataSource: DataSource,
  workspaceId: string,
  entryIds: string[],
  newest: number,
): Promise<Map<string, EntryVersionsShown>> {
  const found = new Map<string, EntryVersionsShown>();
  if (entryIds.length === 0) return found;
  const marks = entryIds.map(() => '?').join(', ');
  // Both engines number each entry's rows newest first and count them (window functions: SQLite 3.25, MariaDB 10.2).
  const rows: (VersionRow & { entry_id: string; total: number | string })[] = await dataSource.query(
    'SELECT entry_id, total, version, at, invalid, signed, src, src_id FROM (' +
      'SELECT entry_id, seq, version, at, invalid, signed, src, src_id, ROW_NUMBER() OVER (PARTITION BY entry_id ORDER BY seq DESC) AS place, ' +
      'COUNT(*) OVER (PARTITION BY entry_id) AS total ' +
      `FROM entry_versions WHERE workspace_id = ? AND entry_id IN (${marks})) numbered WHERE place <= ? ORDER BY entry_id, seq DESC`,
    [workspaceId, ...entryIds, newest],
  );
  for (const row of rows) {
    if (!found.has(row.entry_id)) found.set(row.entry_id, { versions: [], total: Number(row.total) });
    found.get(row.entry_id)!.versions.push(versionOfRow(row));
  }
  return found;
}

/** A page of an entry's versions past the newest with id `version`, by their place (`seq`): see EntryStore.versionsBefore. */
export async function loadVersionsBefore(
  dataSource: DataSource,
  workspaceId: string,
  entryId: string,
  version: string,
  limit: number,
): Promise<EntryVersion[] | undefined> {
  const [from]: { seq: number | string }[] = await dataSource.query(
    'SELECT seq FROM entry_versions WHERE workspace_id = ? AND entry_id = ? AND version = ? ORDER BY seq DESC LIMIT 1',
    [workspaceId, entryId, version],
  );
  if (!from) return undefined;
  const rows: VersionRow[] = await dataSource.query(
    'SELECT version, at, invalid, signed, src, src_id FROM entry_versions WHERE workspace_id = ? AND entry_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?',
    [workspaceId, entryId, Number(from.seq), limit],
  );
  return rows.map(versionOfRow);
}

/** The columns of an entry's row that a change of its data writes (not `state`, which follows its states). */
const CHANGED_WITH_DATA = [
  'folder',
  'docSchema',
  'envSchema',
  ...DOCUMENT_COLUMNS,
  'data',
  'dataPacked',
  'dataSize',
  'version',
  'updatedAt',
] as const satisfies readonly (keyof EntryEntity)[];

/** The entry's row, locked for the rest of the transaction (MySQL; SQLite's write transaction holds the database). */
const lockedRow = (mysql: boolean, workspaceId: string, id: string): Step => ({
  sql: `SELECT version, digest_val, invalid, state, created_at FROM entries WHERE workspace_id = ? AND id = ?${mysql ? ' FOR UPDATE' : ''}`,
  parameters: [workspaceId, id],
});

interface LockedRow {
  version: string | null;
  digest_val: string;
  invalid: number | boolean;
  state: string | null;
  created_at: number | string;
}

/** The entry's state from its states: the latest one's key; with none, `invalid` for an invalid entry. */
function* settleState(workspaceId: string, entryId: string, invalid: boolean): Steps<string | undefined> {
  const latest: { state_key: string }[] = yield {
    sql: 'SELECT state_key FROM entry_states WHERE workspace_id = ? AND entry_id = ? ORDER BY at DESC LIMIT 1',
    parameters: [workspaceId, entryId],
  };
  const state = latest[0]?.state_key ?? (invalid ? 'invalid' : null);
  yield { sql: 'UPDATE entries SET state = ? WHERE workspace_id = ? AND id = ?', parameters: [state, workspaceId, entryId] };
  return state ?? undefined;
}

function* updateSteps(dataSource: DataSource, mysql: boolean, change: EntryChange, termsOf: SearchTermsRule): Steps<GuardedWrite> {
  const { expectedVersion, newVersion } = change;
  let { entry } = change;
  const { workspaceId, id } = entry;
  const rows: LockedRow[] = yield lockedRow(mysql, workspaceId, id);
  const row = rows[0];
  if (!row) return 'missing';
  const current = row.version ?? legacyVersionOf(row.digest_val);
  if (current !== expectedVersion) return 'stale';

  if (newVersion) {
    const [{ max_seq: last }]: { max_seq: number | string | null }[] = yield {
      sql: 'SELECT MAX(seq) AS max_seq FROM entry_versions WHERE workspace_id = ? AND entry_id = ?',
      parameters: [workspaceId, id],
    };
    let seq = last === null ? 0 : Number(last);
    if (seq === 0) {
      // The entry's first change: keep the version it had, copied from its row.
      seq = 1;
      yield {
        sql:
          'INSERT INTO entry_versions (workspace_id, entry_id, seq, version, at, invalid, signed, src, data, data_packed) ' +
          'SELECT workspace_id, id, 1, ?, created_at, invalid, signed, ?, data, data_packed FROM entries WHERE workspace_id = ? AND id = ?',
        parameters: [current, API_SOURCE.src, workspaceId, id],
      };
    }
    // The envelope's columns made once, for the version and the entry's row.
    const json = storedJsonOf(entry)!;
    const envelope = envelopeColumns(json);
    yield preparedInsert(dataSource, EntryVersionEntity, toVersionRow(workspaceId, id, seq + 1, newVersion, json, envelope));
    yield rowUpdate(dataSource, EntryEntity, toEntryRow({ ...entry, version: newVersion.version }, envelope), CHANGED_WITH_DATA);
    entry = { ...entry, state: yield* settleState(workspaceId, id, entry.invalid) };
  } else {
    // A move writes the folder and the time alone: the envelope is not packed for it.
    const moved = Object.assign(new EntryEntity(), { workspaceId, id, folder: entry.folder, updatedAt: entry.updatedAt.getTime() });
    yield rowUpdate(dataSource, EntryEntity, moved, ['folder', 'updatedAt']);
    entry = { ...entry, state: row.state ?? undefined };
  }
  yield* entryIndexSteps(mysql, entry, change.refs, termsOf);
  yield* announceSteps(dataSource, workspaceId, id, change.events);
  return 'done';
}

function* putStateSteps(
  dataSource: DataSource,
  mysql: boolean,
  workspaceId: string,
  state: EntryState,
  { replace, events }: { replace: boolean; events?: EventsOf },
  termsOf: SearchTermsRule,
): Steps<GuardedWrite | 'taken'> {
  const rows: LockedRow[] = yield lockedRow(mysql, workspaceId, state.entryId);
  const row = rows[0];
  if (!row) return 'missing';
  const at = state.at.getTime();
  const taken: unknown[] = yield {
    sql: 'SELECT at FROM entry_states WHERE workspace_id = ? AND entry_id = ? AND at = ?',
    parameters: [workspaceId, state.entryId, at],
  };
  const stateRow = toStateRow(workspaceId, state);
  if (taken.length > 0) {
    if (!replace) return 'taken';
    yield rowUpdate(dataSource, EntryStateEntity, stateRow);
  } else {
    yield preparedInsert(dataSource, EntryStateEntity, stateRow);
  }
  yield* settleState(workspaceId, state.entryId, Boolean(Number(row.invalid)));
  yield {
    sql: 'UPDATE entries SET updated_at = ? WHERE workspace_id = ? AND id = ?',
    parameters: [state.createdAt.getTime(), workspaceId, state.entryId],
  };
  // The entry's state is searchable.
  yield* searchRowSteps(mysql, workspaceId, state.entryId, termsOf);
  yield* announceSteps(dataSource, workspaceId, state.entryId, events);
  return 'done';
}
