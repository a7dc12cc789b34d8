import type { DataSource, Repository } from 'typeorm';
import type { Meta } from '../domain/entry';
import type { MetaStore } from '../domain/entry-meta.service';
import { MetaEntity } from './entities/meta.entity';
import { fromMetaRow } from './entry.repository';
import { preparedInsert } from './bulk-insert';
import { searchRowSteps } from './entry-index-steps';
import { lockSearchRow, type IndexedEntry } from './search-index.repository';
import { DEFAULT_ENTRY_LIMITS, checkPartsWeight, tooManyMetaRows, tooManySearchTerms, type EntryLimits } from '../domain/entry-limits';
import { partsWeightStep, weightOf } from './entry-weight';
import { searchTermsOf } from '../domain/search';
import { runTransaction, type Step } from './sql-transaction';

const UPSERT_SET = ['value', 'ref', 'owner_id', 'owned', 'indexed', 'secure', 'shared', 'link_scope', 'link_url', 'created_at', 'updated_at']
  .map((column) => `\`${column}\` = VALUES(\`${column}\`)`)
  .join(', ');

/** Meta rows of entries; every change rewrites the entry's search row in its transaction. */
export class MetaRepository implements MetaStore {
  private readonly metas: Repository<MetaEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly limits: Pick<EntryLimits, 'metaRows' | 'searchTerms' | 'parts'> = DEFAULT_ENTRY_LIMITS,
  ) {
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
   * transaction then sees of the entry and its meta rows (the steps an update of the entry uses too). A new row
   * past ENTRY_META_LIMIT, or an indexed one that takes the entry past ENTRY_SEARCH_TERMS_LIMIT, is refused and
   * nothing is written: checked inside the transaction, so two writes at once cannot both slip under a limit.
   */
  private async write(workspaceId: string, meta: Meta, insert?: Step): Promise<void> {
    const limits = this.limits;
    const countRows: Step = {
      sql: 'SELECT COUNT(*) AS n, COALESCE(SUM(CASE WHEN src = ? AND meta_key = ? THEN 1 ELSE 0 END), 0) AS mine FROM entry_meta WHERE workspace_id = ? AND entry_id = ?',
      parameters: [meta.src, meta.key, workspaceId, meta.entryId],
    };
    // Only a row that adds terms can be refused for them: a plain one, a secure one or a deletion never is.
    const checkTerms = insert && meta.indexed && !meta.secure ? (entry: IndexedEntry) => checkTermCount(entry, limits.searchTerms) : undefined;
    const weight = partsWeightStep(workspaceId, meta.entryId);
    const remove: Step = {
      sql: 'DELETE FROM entry_meta WHERE workspace_id = ? AND entry_id = ? AND src = ? AND meta_key = ?',
      parameters: [workspaceId, meta.entryId, meta.src, meta.key],
    };
    await runTransaction(this.dataSource, function* (mysql) {
      if (mysql) {
        // First, before any plain read takes the transaction's snapshot: wait for whoever else is rewriting this
        // entry's search row, so that the meta rows read below include theirs.
        yield lockSearchRow(workspaceId, meta.entryId);
      }
      let weightBefore = 0;
      if (insert) {
        const [rows]: { n: number | string; mine: number | string }[] = yield countRows;
        if (Number(rows.mine) === 0 && Number(rows.n) >= limits.metaRows) throw tooManyMetaRows(limits.metaRows);
        weightBefore = weightOf(yield weight);
      }
      if (mysql) {
        // An upsert rather than delete and insert. Deleting a row that is not there locks the gap where it would
        // be, and two first upserts of an entry's meta at once would each wait for the other's gap: a deadlock.
        yield insert ? { sql: `${insert.sql} ON DUPLICATE KEY UPDATE ${UPSERT_SET}`, parameters: insert.parameters } : remove;
      } else {
        yield remove;
        if (insert) yield insert;
      }
      // Measured again with the row written, in the same transaction: writes at once cannot both slip under the limit.
      if (insert) checkPartsWeight(weightBefore, weightOf(yield weight), limits.parts);
      yield* searchRowSteps(mysql, workspaceId, meta.entryId, checkTerms);
    });
  }
}

function checkTermCount(entry: IndexedEntry, limit: number): void {
  const terms = searchTermsOf(entry).length;
  if (terms > limit) throw tooManySearchTerms(terms, limit);
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
