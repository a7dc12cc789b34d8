import type { DataSource, EntityManager } from 'typeorm';
import { envelopeOf, type Entry } from '../domain/entry';
import { NAMED_CONTEXT, REF_CONTEXTS, isMirrorContext, linksOf, mirrorContext, referencesOf, type EntryRef } from '../domain/entry-refs';
import { insertRowsIn } from './bulk-insert';
import { EntryRefEntity } from './entities/entry-ref.entity';

/** The contexts an envelope gives; `previous` comes from the create instead. */
const ENVELOPE_CONTEXTS = REF_CONTEXTS.filter((context) => context !== 'previous' && context !== NAMED_CONTEXT);
const ALL_MIRRORS = REF_CONTEXTS.filter((context) => context !== NAMED_CONTEXT).map(mirrorContext);

/** The rows that store an entry's references and their mirrors. */
export const refRowsOf = (workspaceId: string, entryId: string, refs: readonly EntryRef[]): EntryRefEntity[] =>
  linksOf(entryId, refs).map((link) => Object.assign(new EntryRefEntity(), { workspaceId, ...link }));

/**
 * (Re)writes the references of one entry, in the caller's transaction: the entry's rows (and their mirrors) are
 * deleted and written again from `entry.refs` when a create set them, else from its envelope (`data` or
 * `dataJson`). The `previous` reference (the entry `previous_id` named) is not in the envelope: it is kept
 * unless the given references hold one. Call it whenever an entry's envelope is stored or replaced.
 */
export async function rewriteEntryRefs(
  manager: EntityManager,
  entry: Pick<Entry, 'workspaceId' | 'id' | 'refs' | 'data' | 'dataJson'>,
): Promise<void> {
  const refs = entry.refs ?? referencesOf(envelopeOf(entry as Entry));
  const contexts: string[] = refs.some((ref) => ref.context === 'previous') ? [...ENVELOPE_CONTEXTS, 'previous'] : ENVELOPE_CONTEXTS;
  const workspaceId = entry.workspaceId;
  const remove = (side: 'entry_id' | 'ref_uuid', stored: string[]) =>
    manager
      .createQueryBuilder()
      .delete()
      .from(EntryRefEntity)
      .where(`workspace_id = :workspaceId AND ${side} = :id AND context IN (:...stored)`, { workspaceId, id: entry.id, stored })
      .execute();
  await remove('entry_id', contexts);
  await remove('ref_uuid', contexts.map(mirrorContext));
  await insertRowsIn(manager, EntryRefEntity, refRowsOf(workspaceId, entry.id, refs));
}

/** The stored contexts a related list asked for by context reads: `uuid` is every mirror. */
const storedContexts = (context: string) => (context === NAMED_CONTEXT ? ALL_MIRRORS : [context]);

/**
 * The ids of the entries related to a UUID, as an SQL subquery with its named parameters: one range of the
 * entry_refs_workspace_ref index, mirrors included. With a context, only that link.
 */
export function relatedIdsSql(workspaceId: string, related: { uuid: string; context?: string }): { sql: string; parameters: Record<string, unknown> } {
  const sql = 'SELECT r.entry_id FROM entry_refs r WHERE r.workspace_id = :refWorkspace AND r.ref_uuid = :refUuid';
  const parameters = { refWorkspace: workspaceId, refUuid: related.uuid };
  if (related.context === undefined) return { sql, parameters };
  return { sql: `${sql} AND r.context IN (:...refContexts)`, parameters: { ...parameters, refContexts: storedContexts(related.context) } };
}

/** How each of the given related entries is linked to the UUID: the first of REF_CONTEXTS that applies. */
export async function relatedContexts(dataSource: DataSource, workspaceId: string, uuid: string, ids: string[]): Promise<Map<string, string>> {
  const contexts = new Map<string, string>();
  if (ids.length === 0) return contexts;
  const rows = await dataSource
    .getRepository(EntryRefEntity)
    .createQueryBuilder('r')
    .where('r.workspaceId = :workspaceId AND r.refUuid = :uuid AND r.entryId IN (:...ids)', { workspaceId, uuid, ids })
    .getMany();
  const order: readonly string[] = REF_CONTEXTS;
  const rank = (context: string) => (order.includes(context) ? order.indexOf(context) : order.length);
  for (const row of rows) {
    const shown = isMirrorContext(row.context) ? NAMED_CONTEXT : row.context;
    const known = contexts.get(row.entryId);
    if (known === undefined || rank(shown) < rank(known)) contexts.set(row.entryId, shown);
  }
  return contexts;
}
