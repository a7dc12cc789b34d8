import { ConsoleLink } from './console-link';
import { EntryBadges } from './entry-badges';
import { amountOf, counterparty, documentType, entryNumber, formatAmount, formatDate, formatTime } from './entry-labels';
import type { EntryRowFragment } from './generated/graphql';
import { entryPath } from './router';

/**
 * The entries as a table a person reads: number, type, counterparty, issue date, total, state, folder, created.
 * At phone width each row becomes a card whose cells carry their column's name (console.css), so no column is hidden.
 */
export type ListOrder = 'newest' | 'oldest' | 'amount-desc' | 'amount-asc';

/** A column's sort button: its name, an arrow for the order it is in, and in words what a press does. */
function SortButton({
  label,
  active,
  descending,
  next,
  onSort,
}: {
  label: string;
  active: boolean;
  descending: boolean;
  next: string;
  onSort(): void;
}) {
  return (
    <button type="button" className="sort" onClick={onSort}>
      {label} <span aria-hidden="true">{active ? (descending ? '▼' : '▲') : '↕'}</span>
      <span className="visually-hidden">, {next}</span>
    </button>
  );
}

/**
 * `onSort`: the columns that sort (by creation, and by total) have buttons that call it with the order asked
 * for; without it (a search, ranked by relevance) the headers are plain.
 */
export function EntriesTable({
  rows,
  caption,
  sort,
  onSort,
}: {
  rows: EntryRowFragment[];
  caption: string;
  sort: ListOrder;
  onSort?: (order: ListOrder) => void;
}) {
  const byAmount = sort === 'amount-desc' || sort === 'amount-asc';
  const ariaSort = (active: boolean, descending: boolean) => (onSort && active ? (descending ? 'descending' : 'ascending') : undefined);
  return (
    <table className="entries-table" aria-label={caption}>
      <thead>
        <tr>
          <th scope="col">Number</th>
          <th scope="col">Type</th>
          <th scope="col">Counterparty</th>
          <th scope="col">Issue date</th>
          <th scope="col" className="align-right" aria-sort={ariaSort(byAmount, sort === 'amount-desc')}>
            {onSort ? (
              <SortButton
                label="Total"
                active={byAmount}
                descending={sort === 'amount-desc'}
                next={sort === 'amount-desc' ? 'show the lowest first' : 'show the highest first'}
                onSort={() => onSort(sort === 'amount-desc' ? 'amount-asc' : 'amount-desc')}
              />
            ) : (
              'Total'
            )}
          </th>
          <th scope="col">State</th>
          <th scope="col">Folder</th>
          <th scope="col" aria-sort={ariaSort(!byAmount, sort === 'newest')}>
            {onSort ? (
              <SortButton
                label="Created"
                active={!byAmount}
                descending={sort === 'newest'}
                next={sort === 'newest' ? 'show the oldest first' : 'show the newest first'}
                onSort={() => onSort(sort === 'newest' ? 'oldest' : 'newest')}
              />
            ) : (
              'Created'
            )}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const snippet = row.snippet as Record<string, unknown>;
          const amount = amountOf(snippet);
          return (
            <tr key={row.id} className="entry-row" data-entry-id={row.id}>
              <th scope="row" data-label="Number">
                <ConsoleLink to={entryPath(row.id)} className="entry-title">
                  {entryNumber(snippet)}
                </ConsoleLink>
              </th>
              <td data-label="Type" className="entry-type">
                {documentType(row.docSchema, snippet)}
              </td>
              <td data-label="Counterparty" className="entry-counterparty">
                {counterparty(snippet)}
              </td>
              <td data-label="Issue date">{typeof snippet.issue_date === 'string' ? formatDate(snippet.issue_date) : ''}</td>
              <td data-label="Total" className="align-right entry-total">
                {amount ? formatAmount(amount) : ''}
              </td>
              <td data-label="State">
                <EntryBadges state={row.state} signed={row.signed} invalid={row.invalid} />
              </td>
              <td data-label="Folder" className="entry-folder">
                {row.folder}
              </td>
              <td data-label="Created">
                <time dateTime={row.createdAt}>{formatTime(row.createdAt)}</time>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
