import { In, Not, type DataSource } from 'typeorm';
import { envelopeOf, type Entry } from '../domain/entry';
import { OWN_CONTEXT, REF_CONTEXTS, referencesOf, type EntryRef } from '../domain/entry-refs';
import { EntryRefEntity } from './entities/entry-ref.entity';
import type { Step } from './sql-transaction';

/** The contexts an envelope gives; `previous` comes from the create instead. */
const ENVELOPE_CONTEXTS = REF_CONTEXTS.filter((context) => context !== 'previous');

const REF_ROWS_PER_STATEMENT = 500;

/** The rows that store an entry's references. */
export const refRowsOf = (workspaceId: string, entryId: string, refs: readonly EntryRef[]): EntryRefEntity[] =>
  refs.map((ref) => Object.assign(new EntryRefEntity(), { workspaceId, entryId, context: ref.context, refUuid: ref.uuid }));

/**
 * The statements that (re)write the references of one entry, in a transaction written as steps (a create, an
 * update): delete the entry's references that come from its envelope, and insert them again from `entry.refs`
 * when the create set them, else from its envelope (`data` or `dataJson`). The `previous` reference (the entry
 * `previous_id` named) is not in the envelope: a rewrite leaves it as it is. With `fresh` (a create), only the
 * inserts, `previous` included.
 */
export function entryRefSteps(entry: Pick<Entry, 'workspaceId' | 'id' | 'refs' | 'data' | 'dataJson'>, options: { fresh?: boolean } = {}): Step[] {
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
      sql: `INSERT INTO entry_refs (workspace_id, entry_id, context, ref_uuid) VALUES ${slice.map(() => '(?, ?, ?, ?)').join(', ')}`,
      parameters: slice.flatMap((ref) => [entry.workspaceId, entry.id, ref.context, ref.uuid]),
    });
  }
  return steps;
}

/**
 * The entries related to a UUID (an entry's id, or the uuid of a document), each with every context that links
 * it: the entries whose documents name the UUID or the other UUID of the same document (`preceding`,
 * `lines.document`, `previous`), and the entries the document of the UUID names (`uuid`). The document of the
 * UUID itself is left out. A few lookups, each one range of the primary key or of entry_refs_workspace_ref.
 */
export async function relatedLinks(dataSource: DataSource, workspaceId: string, uuid: string): Promise<Map<string, Set<string>>> {
  const refs = dataSource.getRepository(EntryRefEntity);
  // The document's identities: its entry id and its own uuid, whichever of the two was given.
  const [ownUuids, owners] = await Promise.all([
    refs.find({ where: { workspaceId, entryId: uuid, context: OWN_CONTEXT } }),
    refs.find({ where: { workspaceId, refUuid: uuid, context: OWN_CONTEXT } }),
  ]);
  const self = new Set([uuid, ...owners.map((row) => row.entryId)]);
  const identities = [...new Set([...self, ...ownUuids.map((row) => row.refUuid)])];
  const [naming, named] = await Promise.all([
    refs.find({ where: { workspaceId, refUuid: In(identities), context: Not(OWN_CONTEXT) } }),
    refs.find({ where: { workspaceId, entryId: In([...self]), context: Not(OWN_CONTEXT) } }),
  ]);
  // What the document names may be entry ids (previous_id) or documents' own uuids: both lead to entries.
  const targets = [...new Set(named.map((row) => row.refUuid))];
  const targetOwners = targets.length === 0 ? [] : await refs.find({ where: { workspaceId, refUuid: In(targets), context: OWN_CONTEXT } });
  const links = new Map<string, Set<string>>();
  const link = (entryId: string, context: string) => {
    if (self.has(entryId)) return;
    if (!links.has(entryId)) links.set(entryId, new Set());
    links.get(entryId)!.add(context);
  };
  for (const row of naming) link(row.entryId, row.context);
  for (const target of targets) link(target, OWN_CONTEXT);
  for (const row of targetOwners) link(row.entryId, OWN_CONTEXT);
  return links;
}
