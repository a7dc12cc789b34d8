import { useEffect, useState } from 'react';
import { CombinedError, useClient } from 'urql';
import { fetchMatching, type ExportFilters } from './csv-export';
import { EntriesTable, type ListOrder } from './entries-table';
import { amountOf } from './entry-labels';
import type { EntryRowFragment } from './generated/graphql';
import { messageOf } from './refusal';

/**
 * The most entries sorted by their total: the API has no index by amount, so the console reads the matching
 * entries (10 pages of 100 at most) and sorts them itself; a longer list asks for narrower filters first.
 */
export const MAX_AMOUNT_SORTED = 1000;

export type AmountOrder = 'amount-desc' | 'amount-asc';

/** By total (an entry without one last, whatever the direction), then newest first; totals compared by value. */
export function byAmount(rows: EntryRowFragment[], order: AmountOrder): EntryRowFragment[] {
  const valueOf = (row: EntryRowFragment) => {
    const amount = amountOf(row.snippet as Record<string, unknown>);
    const value = amount ? Number(amount.amount) : NaN;
    return Number.isFinite(value) ? value : undefined;
  };
  const sign = order === 'amount-desc' ? -1 : 1;
  return rows
    .map((row) => ({ row, value: valueOf(row) }))
    .sort((a, b) => {
      if (a.value === undefined || b.value === undefined) return a.value === b.value ? 0 : a.value === undefined ? 1 : -1;
      return a.value === b.value ? b.row.createdAt.localeCompare(a.row.createdAt) : sign * (a.value - b.value);
    })
    .map(({ row }) => row);
}

/** The entries the filters match, all of them (at most MAX_AMOUNT_SORTED), sorted by their total. */
export function AmountSortedTable({ filters, order, caption, onSort }: { filters: ExportFilters; order: AmountOrder; caption: string; onSort(order: ListOrder): void }) {
  const client = useClient();
  const [rows, setRows] = useState<EntryRowFragment[]>();
  const [problem, setProblem] = useState<string>();
  const { folder, state, createdAt, ascending } = filters;
  useEffect(() => {
    let current = true;
    setRows(undefined);
    fetchMatching(client, { folder, state, createdAt, ascending }, MAX_AMOUNT_SORTED).then(
      ({ entries }) => current && setRows(entries),
      (error: unknown) => current && setProblem(error instanceof CombinedError ? messageOf(error) : String(error)),
    );
    return () => {
      current = false;
    };
  }, [client, folder, state, createdAt, ascending]);
  if (problem) {
    return (
      <p role="alert" className="notice">
        {problem}
      </p>
    );
  }
  return (
    <div className="entries" aria-busy={!rows}>
      <EntriesTable rows={rows ? byAmount(rows, order) : []} caption={caption} sort={order} onSort={onSort} />
      <p className="list-end">{rows ? (rows.length === 0 ? 'No entries.' : 'End of the list.') : 'Loading…'}</p>
    </div>
  );
}
