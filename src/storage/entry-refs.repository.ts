import type { DataSource, EntityManager } from 'typeorm';
import { envelopeOf, type Entry } from '../domain/entry';
import { NAMED_CONTEXT, REF_CONTEXTS, referencesOf, type EntryRef } from '../domain/entry-refs';
import { insertRowsIn } from './bulk-insert';
import { EntryRefEntity } from './entities/entry-ref.entity';

/** The context a related entry is shown with when several link it to the searched UUID: the first of this order. */
const CONTEXT_ORDER: readonly string[] = REF_CONTEXTS;

export const refRowsOf = (workspaceId: string, entryId: string, refs: readonly EntryRef[]): EntryRefEntity[] =>
  refs.map((ref) => Object.assign(new EntryRefEntity(), { workspaceId, entryId, context: ref.context, refUuid: ref.uuid }));

/**
 * (Re)writes the references of one entry, in the caller's transaction: the entry's rows are deleted and
 * written again from `entry.refs` when a create set them, else from its envelope (`data` or `dataJson`).
 * The `previous` reference (the entry `previous_id` named) is not in the envelope: it is kept unless the
 * given references hold one. Call it whenever an entry's envelope is stored or replaced.
 */
export async function rewriteEntryRefs(
  manager: EntityManager,
  entry: Pick<Entry, 'workspaceId' | 'id' | 'refs' | 'data' | 'dataJson'>,
): Promise<void> {
  const refs = entry.refs ?? referencesOf(envelopeOf(entry as Entry));
  const keepPrevious = !refs.some((ref) => ref.context === 'previous');
  const remove = manager
    .createQueryBuilder()
    .delete()
    .from(EntryRefEntity)
    .where('workspace_id = :workspaceId AND entry_id = :entryId', { workspaceId: entry.workspaceId, entryId: entry.id });
  if (keepPrevious) remove.andWhere("context <> 'previous'");
  await remove.execute();
  await insertRowsIn(manager, EntryRefEntity, refRowsOf(entry.workspaceId, entry.id, refs));
}

/**
 * The ids of the entries related to a UUID, as an SQL subquery with its named parameters: the entries whose
 * documents name it, and the documents the entry with that UUID names. With a context, only that link.
 */
export function relatedIdsSql(workspaceId: string, related: { uuid: string; context?: string }): { sql: string; parameters: Record<string, string> } {
  const parameters: Record<string, string> = { refWorkspace: workspaceId, refUuid: related.uuid };
  const naming = 'SELECT r1.entry_id FROM entry_refs r1 WHERE r1.workspace_id = :refWorkspace AND r1.ref_uuid = :refUuid';
  const named = 'SELECT r2.ref_uuid FROM entry_refs r2 WHERE r2.workspace_id = :refWorkspace AND r2.entry_id = :refUuid';
  if (related.context === undefined) return { sql: `${naming} UNION ${named}`, parameters };
  if (related.context === NAMED_CONTEXT) return { sql: named, parameters };
  return { sql: `${naming} AND r1.context = :refContext`, parameters: { ...parameters, refContext: related.context } };
}

/** How each of the given related entries is linked to the UUID (see EntryRef and NAMED_CONTEXT). */
export async function relatedContexts(dataSource: DataSource, workspaceId: string, uuid: string, ids: string[]): Promise<Map<string, string>> {
  const contexts = new Map<string, string>();
  if (ids.length === 0) return contexts;
  const refs = dataSource.getRepository(EntryRefEntity);
  const [naming, named] = await Promise.all([
    refs
      .createQueryBuilder('r')
      .where('r.workspaceId = :workspaceId AND r.refUuid = :uuid AND r.entryId IN (:...ids)', { workspaceId, uuid, ids })
      .getMany(),
    refs
      .createQueryBuilder('r')
      .where('r.workspaceId = :workspaceId AND r.entryId = :uuid AND r.refUuid IN (:...ids)', { workspaceId, uuid, ids })
      .getMany(),
  ]);
  const rank = (context: string) => (CONTEXT_ORDER.includes(context) ? CONTEXT_ORDER.indexOf(context) : CONTEXT_ORDER.length);
  for (const row of named) contexts.set(row.refUuid, NAMED_CONTEXT);
  for (const row of naming) {
    const known = contexts.get(row.entryId);
    if (known === undefined || known === NAMED_CONTEXT || rank(row.context) < rank(known)) contexts.set(row.entryId, row.context);
  }
  return contexts;
}
