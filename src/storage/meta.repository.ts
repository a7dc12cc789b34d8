import type { DataSource, Repository } from 'typeorm';
import type { Meta } from '../domain/entry';
import type { MetaStore } from '../domain/entry-meta.service';
import { MetaEntity } from './entities/meta.entity';
import { fromMetaRow } from './entry.repository';
import { preparedInsert } from './bulk-insert';
import { searchRowSteps } from './entry-index-steps';
import { lockSearchRow } from './search-index.repository';
import { runTransaction, type Step } from './sql-transaction';

const UPSERT_SET = ['value', 'ref', 'owner_id', 'owned', 'indexed', 'secure', 'shared', 'link_scope', 'link_url', 'created_at', 'updated_at']
  .map((column) => `\`${column}\` = VALUES(\`${column}\`)`)
  .join(', ');

/** Meta rows of entries; every change rewrites the entry's search row in its transaction. */
export class MetaRepository implements MetaStore {
  private readonly metas: Repository<MetaEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.metas = dataSource.getRepository(MetaEntity);
  }

  async findMeta(workspaceId: string, entryId: string, src: string, key: string, options: { orShared?: boolean } = {}): Promise<Meta | undefined> {
    const own = await this.metas.findOne({ where: { workspaceId, entryId, src, key } });
    if (own) return fromMetaRow(own);
    if (!options.orShared) return undefined;
    const shared = await this.metas.findOne({ where: { workspaceId, entryId, key, shared: true }, order: { src: 'ASC' } });
    return shared ? fromMetaRow(shared) : undefined;
  }

  async findMetaByRef(workspaceId: string, src: string, key: string, ref: string): Promise<Meta | undefined> {
    const own = await this.metas.findOne({ where: { workspaceId, src, key, ref }, order: { createdAt: 'ASC', entryId: 'ASC' } });
    if (own) return fromMetaRow(own);
    const shared = await this.metas.findOne({ where: { workspaceId, key, ref, shared: true }, order: { createdAt: 'ASC', entryId: 'ASC', src: 'ASC' } });
    return shared ? fromMetaRow(shared) : undefined;
  }

  async saveMeta(workspaceId: string, meta: Meta): Promise<void> {
    await this.write(workspaceId, meta, preparedInsert(this.dataSource, MetaEntity, toMetaRow(workspaceId, meta)));
  }

  async deleteMeta(workspaceId: string, meta: Meta): Promise<void> {
    await this.write(workspaceId, meta);
  }

  /**
   * Deletes the row, inserts its new form when given, and rewrites the entry's search row from what the
   * transaction then sees of the entry and its meta rows (the steps an update of the entry uses too).
   */
  private async write(workspaceId: string, meta: Meta, insert?: Step): Promise<void> {
    const remove: Step = {
      sql: 'DELETE FROM entry_meta WHERE workspace_id = ? AND entry_id = ? AND src = ? AND meta_key = ?',
      parameters: [workspaceId, meta.entryId, meta.src, meta.key],
    };
    await runTransaction(this.dataSource, function* (mysql) {
      if (mysql) {
        // First, before any plain read takes the transaction's snapshot: wait for whoever else is rewriting this
        // entry's search row, so that the meta rows read below include theirs.
        yield lockSearchRow(workspaceId, meta.entryId);
        // An upsert rather than delete and insert. Deleting a row that is not there locks the gap where it would
        // be, and two first upserts of an entry's meta at once would each wait for the other's gap: a deadlock.
        yield insert ? { sql: `${insert.sql} ON DUPLICATE KEY UPDATE ${UPSERT_SET}`, parameters: insert.parameters } : remove;
      } else {
        yield remove;
        if (insert) yield insert;
      }
      yield* searchRowSteps(mysql, workspaceId, meta.entryId);
    });
  }
}

function toMetaRow(workspaceId: string, meta: Meta): MetaEntity {
  return Object.assign(new MetaEntity(), {
    workspaceId,
    entryId: meta.entryId,
    src: meta.src,
    key: meta.key,
    value: meta.value === undefined ? null : JSON.stringify(meta.value),
    ref: meta.ref ?? null,
    ownerId: meta.ownerId ?? null,
    owned: meta.owned,
    indexed: meta.indexed,
    secure: meta.secure,
    shared: meta.shared,
    linkScope: meta.linkScope ?? null,
    linkUrl: meta.linkUrl ?? null,
    createdAt: meta.createdAt.getTime(),
    updatedAt: meta.updatedAt.getTime(),
  });
}
