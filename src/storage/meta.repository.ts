import type { DataSource, EntityManager, Repository } from 'typeorm';
import type { Meta } from '../domain/entry';
import type { MetaStore } from '../domain/entry-meta.service';
import { EntryEntity } from './entities/entry.entity';
import { MetaEntity } from './entities/meta.entity';
import { fromMetaRow } from './entry.repository';
import { rewriteSearchRow } from './search-index.repository';

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
    await this.dataSource.transaction(async (manager) => {
      await manager.upsert(MetaEntity, toMetaRow(workspaceId, meta), ['workspaceId', 'entryId', 'src', 'key']);
      await reindex(manager, workspaceId, meta.entryId);
    });
  }

  async deleteMeta(workspaceId: string, meta: Meta): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(MetaEntity, { workspaceId, entryId: meta.entryId, src: meta.src, key: meta.key });
      await reindex(manager, workspaceId, meta.entryId);
    });
  }
}

/** Rewrites an entry's search row from what the transaction sees of the entry and its meta rows. */
async function reindex(manager: EntityManager, workspaceId: string, entryId: string): Promise<void> {
  const row = await manager.findOne(EntryEntity, {
    select: { workspaceId: true, id: true, key: true, folder: true, docSchema: true, state: true, snippet: true, tags: true, createdAt: true },
    where: { workspaceId, id: entryId },
  });
  if (!row) return;
  const metas = await manager.find(MetaEntity, { where: { workspaceId, entryId } });
  await rewriteSearchRow(manager, {
    workspaceId,
    id: row.id,
    key: row.key ?? undefined,
    folder: row.folder,
    docSchema: row.docSchema,
    state: row.state ?? undefined,
    snippet: JSON.parse(row.snippet),
    tags: JSON.parse(row.tags),
    createdAt: new Date(row.createdAt),
    meta: metas.map(fromMetaRow),
  });
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
