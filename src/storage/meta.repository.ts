import type { DataSource, Repository } from 'typeorm';
import type { Meta } from '../domain/entries/model/entry';
import type { MetaStore } from '../domain/meta/meta-store';
import type { SearchTermsRule } from '../domain/entries/model/search-store';
import { LimitBreach } from '../domain/shared/store-errors';
import { MetaEntity } from './entities/meta.entity';
import { fromMetaRow, toMetaRow } from './meta.mapper';
import { preparedInsert } from './bulk-insert';
import { searchRowSteps } from './entry-index-steps';
import { lockSearchRow } from './search-index.repository';
import { heavierPastLimit, partsWeightStep, weightOf } from './entry-weight';
import { runTransaction, type Step } from './sql-transaction';
import { announceSteps } from './event-steps';
import type { EventsOf } from '../domain/entries/model/entry-event';

/** The limits a meta write is checked against in its transaction (ENTRY_META_LIMIT, ENTRY_SEARCH_TERMS_LIMIT, ENTRY_PARTS_LIMIT). */
export interface MetaLimits {
  metaRows: number;
  searchTerms: number;
  parts: number;
}

const UPSERT_SET = [
  'value',
  'ref',
  'owner_id',
  'owned',
  'indexed',
  'secure',
  'shared',
  'link_scope',
  'link_url',
  'created_at',
  'updated_at',
]
  .map((column) => `\`${column}\` = VALUES(\`${column}\`)`)
  .join(', ');

/** Meta rows of entries; every change rewrites the entry's search row in its transaction. */
export class MetaRepository implements MetaStore {
  private readonly metas: Repository<MetaEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly limits: MetaLimits,
    /** The terms an entry is found by: its search row is written again with each change of its meta rows. */
    private readonly termsOf: SearchTermsRule,
  ) {
    this.metas = dataSource.getRepository(MetaEntity);
  }

  async findMeta(
    workspaceId: string,
    entryId: string,
    src: string,
    key: string,
    options: { orShared?: boolean } = {},
  ): Promise<Meta | undefined> {
    const own = await this.metas.findOne({ where: { workspaceId, entryId, src, key } });
    if (own) return fromMetaRow(own);
    if (!options.orShared) return undefined;
    const shared = await this.metas.findOne({ where: { workspaceId, entryId, key, shared: true }, order: { src: 'ASC' } });
    return shared ? fromMetaRow(shared) : undefined;
  }

  async findMetaByRef(workspaceId: string, src: string, key: string, ref: string): Promise<Meta | undefined> {
    const own = await this.metas.findOne({ where: { workspaceId, src, key, ref }, order: { createdAt: 'ASC', entryId: 'ASC' } });
    if (own) return fromMetaRow(own);
    const shared = await this.metas.findOne({
      where: { workspaceId, key, ref, shared: true },
      order: { createdAt: 'ASC', entryId: 'ASC', src: 'ASC' },
    });
    return shared ? fromMetaRow(shared) : undefined;
  }

  async saveMeta(workspaceId: string, meta: Meta, events?: EventsOf): Promise<void> {
    await this.write(workspaceId, meta, events, preparedInsert(this.dataSource, MetaEntity, toMetaRow(workspaceId, meta)));
  }

  async deleteMeta(workspaceId: string, meta: Meta, events?: EventsOf): Promise<void> {
    await this.write(workspaceId, meta, events);
  }

  /**
   * Deletes the row, inserts its new form when given, and rewrites the entry's search row from what the
   * transaction then sees of the entry and its meta rows (the steps an update of the entry uses too). A new row
   * past ENTRY_META_LIMIT, or an indexed one that takes the entry past ENTRY_SEARCH_TERMS_LIMIT, is refused (a
   * LimitBreach) and nothing is written: checked inside the transaction, so two writes at once cannot both slip
   * under a limit.
   */
  private async write(workspaceId: string, meta: Meta, events: EventsOf | undefined, insert?: Step): Promise<void> {
    const { limits, termsOf, dataSource } = this;
    const countRows: Step = {
      sql: 'SELECT COUNT(*) AS n, COALESCE(SUM(CASE WHEN src = ? AND meta_key = ? THEN 1 ELSE 0 END), 0) AS mine FROM entry_meta WHERE workspace_id = ? AND entry_id = ?',
      parameters: [meta.src, meta.key, workspaceId, meta.entryId],
    };
    // Only a row that adds terms can be refused for them: a plain one, a secure one or a deletion never is.
    const checkTerms =
      insert && meta.indexed && !meta.secure
        ? (terms: readonly string[]) => {
            if (terms.length > limits.searchTerms) throw new LimitBreach('searchTerms', terms.length, limits.searchTerms);
          }
        : undefined;
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
        if (Number(rows.mine) === 0 && Number(rows.n) >= limits.metaRows)
          throw new LimitBreach('metaRows', Number(rows.n) + 1, limits.metaRows);
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
      if (insert) {
        const weightAfter = weightOf(yield weight);
        if (heavierPastLimit(weightBefore, weightAfter, limits.parts)) throw new LimitBreach('parts', weightAfter, limits.parts);
      }
      yield* searchRowSteps(mysql, workspaceId, meta.entryId, termsOf, checkTerms);
      yield* announceSteps(dataSource, workspaceId, meta.entryId, events);
    });
  }
}
