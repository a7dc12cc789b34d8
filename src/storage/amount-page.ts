import type { Repository } from 'typeorm';
import type { ListSlice } from '../domain/entries/model/entry-store';
import type { EntryEntity } from './entities/entry.entity';

/**
 * A page of a workspace's entries by amount (`sort_amount`, then id; highest first, lowest with `ascending`), the
 * entries without one after all the others, by id in the same direction. Each part is a keyset walk of an index
 * (workspace_id[, folder | state], sort_amount, id): the position carries the amount, so a deep page costs what
 * the first does. The first page starts at the end of the amounts' range rather than at `IS NOT NULL`, which not
 * every engine reads as a range: ascending, the NULLs come first in the index, and would be read to be passed over.
 */
export async function amountPage(
  entries: Repository<EntryEntity>,
  columns: readonly (keyof EntryEntity)[],
  workspaceId: string,
  slice: ListSlice,
): Promise<EntryEntity[]> {
  const [bound, beyond, order] = slice.ascending ? (['>=', '>', 'ASC'] as const) : (['<=', '<', 'DESC'] as const);
  const query = () => {
    const q = entries
      .createQueryBuilder('e')
      .select(columns.map((c) => `e.${c}`))
      .where('e.workspaceId = :workspaceId', { workspaceId });
    if (slice.folder !== undefined) q.andWhere('e.folder = :folder', { folder: slice.folder });
    if (slice.state !== undefined) q.andWhere('e.state = :state', { state: slice.state });
    return q;
  };
  const after = slice.after;
  const rows: EntryEntity[] = [];
  if (after?.amount !== null) {
    const withAmount = query();
    if (after?.amount === undefined) {
      // Every amount is a safe integer (sort-amount.ts): this bound holds them all, and no NULL.
      withAmount.andWhere(`e.sortAmount ${bound} :edge`, { edge: slice.ascending ? Number.MIN_SAFE_INTEGER : Number.MAX_SAFE_INTEGER });
    } else {
      withAmount.andWhere(`e.sortAmount ${bound} :amount AND (e.sortAmount ${beyond} :amount OR e.id ${beyond} :afterId)`, {
        amount: after.amount,
        afterId: after.id,
      });
    }
    rows.push(...(await withAmount.orderBy('e.sortAmount', order).addOrderBy('e.id', order).limit(slice.limit).getMany()));
    if (rows.length >= slice.limit) return rows;
  }
  // Past the last amount: the entries without one (the page's position is among them, or before them all).
  const without = query().andWhere('e.sortAmount IS NULL');
  if (after?.amount === null) without.andWhere(`e.id ${beyond} :afterId`, { afterId: after.id });
  rows.push(
    ...(await without
      .orderBy('e.id', order)
      .limit(slice.limit - rows.length)
      .getMany()),
  );
  return rows;
}
