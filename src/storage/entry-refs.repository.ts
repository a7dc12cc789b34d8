import { envelopeOf, type Entry } from '../domain/entry';
import { REF_CONTEXTS, referencesOf, type EntryRef } from '../domain/entry-refs';
import { EntryRefEntity } from './entities/entry-ref.entity';
import type { Step } from './sql-transaction';

/** The contexts an envelope gives; `previous` comes from the create instead. */
const ENVELOPE_CONTEXTS = REF_CONTEXTS.filter((context) => context !== 'previous');

const REF_ROWS_PER_STATEMENT = 500;

/** The rows that store an entry's references. */
export const refRowsOf = (workspaceId: string, entryId: string, createdAt: Date, refs: readonly EntryRef[]): EntryRefEntity[] =>
  refs.map((ref) => Object.assign(new EntryRefEntity(), { workspaceId, entryId, context: ref.context, refUuid: ref.uuid, createdAt: createdAt.getTime() }));

/**
 * The statements that (re)write the references of one entry, in a transaction written as steps (a create, an
 * update): delete the entry's references that come from its envelope, and insert them again from `entry.refs`
 * when the create set them, else from its envelope (`data` or `dataJson`). The `previous` reference (the entry
 * `previous_id` named) is not in the envelope: a rewrite leaves it as it is. With `fresh` (a create), only the
 * inserts, `previous` included.
 */
export function entryRefSteps(entry: Pick<Entry, 'workspaceId' | 'id' | 'createdAt' | 'refs' | 'data' | 'dataJson'>, options: { fresh?: boolean } = {}): Step[] {
  const all = entry.refs ?? referencesOf(envelopeOf(entry as Entry));
  // A new entry has nothing to delete and keeps its `previous` link; a rewrite leaves that link alone.
  const refs = options.fresh ? all : all.filter((ref) => ref.context !== 'previous');
  const steps: Step[] = options.fresh
    ? []
    : [
        {
          sql: `DELETE FROM entry_refs WHERE workspace_id = ? AND entry_id = ? AND context IN (${ENVELOPE_CONTEXTS.map(() => '?').join(', ')})`,
          parameters: [entry.workspaceId, entry.id, ...ENVELOPE_CONTEXTS],
        },
      ];
  // In slices, so that no statement passes the engines' limits on placeholders (a payment may name thousands).
  for (let start = 0; start < refs.length; start += REF_ROWS_PER_STATEMENT) {
    const slice = refs.slice(start, start + REF_ROWS_PER_STATEMENT);
    steps.push({
      sql: `INSERT INTO entry_refs (workspace_id, entry_id, context, ref_uuid, created_at) VALUES ${slice.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
      parameters: slice.flatMap((ref) => [entry.workspaceId, entry.id, ref.context, ref.uuid, entry.createdAt.getTime()]),
    });
  }
  return steps;
}
