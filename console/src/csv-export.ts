import type { Client } from 'urql';
import { EntriesDocument, SearchDocument, type EntriesQuery, type EntryOrder, type EntryRowFragment } from './generated/graphql';
import { amountOf, counterparty, documentType, entryNumber } from './entry-labels';

/** The most rows one export holds: a spreadsheet of the list as filtered, not a backup (that is `npm run export`). */
export const MAX_EXPORT_ROWS = 10_000;
const PAGE = 100;

/** The list's filters, as the page asks the API with them. */
export interface ExportFilters {
  q?: string;
  folder: string | null;
  state: string | null;
  createdAt: string | null;
  ascending: boolean;
  /** The list's order: the export follows it (by total, highest first, or lowest with `ascending`). */
  orderBy?: EntryOrder;
}

const HEADER = [
  'id',
  'number',
  'type',
  'counterparty',
  'issue_date',
  'total',
  'currency',
  'state',
  'folder',
  'signed',
  'invalid',
  'created_at',
];

/**
 * A CSV field: quoted when it holds a separator, a quote or a line break; a leading =, +, - or @ kept as text, so a
 * spreadsheet does not run it as a formula (a number, such as a credit note's negative total, stays a number).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function rowOf(entry: EntryRowFragment): string {
  const snippet = entry.snippet as Record<string, unknown>;
  const amount = amountOf(snippet);
  const cells = [
    entry.id,
    entryNumber(snippet),
    documentType(entry.docSchema, snippet),
    counterparty(snippet),
    typeof snippet.issue_date === 'string' ? snippet.issue_date : '',
    amount?.amount ?? '',
    amount?.currency ?? '',
    entry.state ?? '',
    entry.folder,
    String(entry.signed),
    String(entry.invalid),
    entry.createdAt,
  ];
  return cells.map(csvField).join(',');
}

/**
 * The entries the filters match, a page of 100 at a time through the API, up to `max` (a search: its 1,000 best).
 * `cut`: there were more than were read.
 */
export async function fetchMatching(
  client: Client,
  filters: ExportFilters,
  max: number,
  onProgress: (rows: number) => void = () => {},
): Promise<{ entries: EntryRowFragment[]; cut: boolean }> {
  const entries: EntryRowFragment[] = [];
  if (filters.q) {
    for (let offset = 0; offset < Math.min(max, 1000); offset += PAGE) {
      const result = await client.query(SearchDocument, { q: filters.q, folder: filters.folder, limit: PAGE, offset }).toPromise();
      if (result.error) throw result.error;
      const page = result.data?.search.entries ?? [];
      entries.push(...page);
      onProgress(entries.length);
      if (page.length < PAGE) break;
    }
    return { entries: entries.slice(0, max), cut: false };
  }
  let after: string | null = null;
  do {
    const result: { data?: EntriesQuery; error?: Error } = await client
      .query(EntriesDocument, {
        first: PAGE,
        after,
        folder: filters.folder,
        state: filters.state,
        createdAt: filters.createdAt,
        ascending: filters.ascending,
        orderBy: filters.orderBy ?? null,
      })
      .toPromise();
    if (result.error) throw result.error;
    const page: EntriesQuery['entries'] | undefined = result.data?.entries;
    entries.push(...(page?.edges ?? []).map((edge) => edge.node));
    onProgress(Math.min(entries.length, max));
    after = page?.pageInfo.hasNextPage ? (page.pageInfo.endCursor ?? null) : null;
  } while (after && entries.length < max);
  return { entries: entries.slice(0, max), cut: entries.length > max || after !== null };
}

/** Every entry the filters match, up to MAX_EXPORT_ROWS, as CSV text; `cut`: there were more than were written. */
export async function exportCsv(
  client: Client,
  filters: ExportFilters,
  onProgress: (rows: number) => void,
): Promise<{ csv: string; rows: number; cut: boolean }> {
  const { entries, cut } = await fetchMatching(client, filters, MAX_EXPORT_ROWS, onProgress);
  const lines = [HEADER.join(','), ...entries.map(rowOf)];
  return { csv: `${lines.join('\r\n')}\r\n`, rows: entries.length, cut };
}
