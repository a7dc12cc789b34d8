import type { Entry } from '../domain/entries/model/entry';
import { REF_CONTEXTS, type EntryRef } from '../domain/entries/model/entry-ref';
import type { Steps } from './sql-transaction';

/** The contexts an envelope gives; `previous` comes from the create instead. */
const ENVELOPE_CONTEXTS = REF_CONTEXTS.filter((context) => context !== 'previous');

const REF_ROWS_PER_STATEMENT = 500;

export type RefOwner = Pick<Entry, 'workspaceId' | 'id' | 'createdAt'>;

/**
 * The INSERTs of the references of new entries (one, or a batch of a bulk import), `previous` included, in
 * slices, so that no statement passes the engines' limits on placeholders (a payment may name thousands).
 */
export function* refInsertSteps(owners: readonly { entry: RefOwner; refs: readonly EntryRef[] }[]): Steps<void> {
  const rows = owners.flatMap(({ entry, refs }) =>
    refs.map((ref) => [entry.workspaceId, entry.id, ref.context, ref.uuid, entry.createdAt.getTime()]),
  );
  for (let start = 0; start < rows.length; start += REF_ROWS_PER_STATEMENT) {
    const slice = rows.slice(start, start + REF_ROWS_PER_STATEMENT);
    yield {
      sql: `INSERT INTO entry_refs (workspace_id, entry_id, context, ref_uuid, created_at) VALUES ${slice.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
      parameters: slice.flat(),
    };
  }
}

/**
 * The statements that rewrite the references of one entry whose envelope changed, in a transaction written as
 * steps (an update): delete the entry's references that come from its envelope, and insert `refs` (found by the
 * domain in the new envelope). The `previous` reference (the entry `previous_id` named) is not in the envelope:
 * a rewrite leaves it as it is.
 */
export function* entryRefSteps(entry: RefOwner, refs: readonly EntryRef[]): Steps<void> {
  yield {
    sql: `DELETE FROM entry_refs WHERE workspace_id = ? AND entry_id = ? AND context IN (${ENVELOPE_CONTEXTS.map(() => '?').join(', ')})`,
    parameters: [entry.workspaceId, entry.id, ...ENVELOPE_CONTEXTS],
  };
  yield* refInsertSteps([{ entry, refs: refs.filter((ref) => ref.context !== 'previous') }]);
}
