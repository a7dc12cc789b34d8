import { useCallback, useEffect, useRef, useState } from 'react';
import { CombinedError, useClient, useQuery } from 'urql';
import { exportCsv, MAX_EXPORT_ROWS } from './csv-export';
import { saveText } from './save-text';
import { EinvoiceImport } from './einvoice-import';
import { EntriesTable, type ListOrder } from './entries-table';
import { FOLDERS, STATES } from './entry-labels';
import {
  EntriesCountDocument,
  EntriesDocument,
  EntryEventsDocument,
  EntryFoldersDocument,
  EventsEndDocument,
  SearchDocument,
  type EntryOrder,
  type EntryRowFragment,
} from './generated/graphql';
import { searchQueryOf } from './search-words';
import { useDebounced } from './use-debounced';
import { messageOf } from './refusal';

const PAGE_SIZE = 20;
/** The API's search pages by offset, up to 1,000 matches. */
const SEARCH_WINDOW = 1000;

interface Filters {
  q: string;
  folder: string;
  state: string;
  before: string;
  ascending: boolean;
  orderBy: EntryOrder;
}

/** The end of the day picked, in the browser's time zone, as the API's createdAt; null for none. */
const endOfDay = (day: string) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : null);
/** The start of the day picked: the bound of an oldest-first list. */
const startOfDay = (day: string) => (day ? new Date(`${day}T00:00:00.000`).toISOString() : null);
const createdBound = (day: string, ascending: boolean) => (ascending ? startOfDay(day) : endOfDay(day));

const CAPTIONS: Record<ListOrder, string> = {
  newest: 'Entries, newest first',
  oldest: 'Entries, oldest first',
  'amount-desc': 'Entries, highest total first',
  'amount-asc': 'Entries, lowest total first',
};

const LIVE_TYPES = ['ENTRY_CREATED', 'ENTRY_STATE_ADDED', 'ENTRY_SIGNED', 'ENTRY_UPDATED'] as const;

/** Where the next page starts: a cursor of the `entries` connection, or an offset of the search. */
type Next = { after: string | null } | { offset: number } | null;

/**
 * The workspace's entries as a table, newest or oldest first, or by total (the service orders and pages them, at
 * any size), a page at a time as the list's end scrolls into view; their count; a search as one types; a CSV of
 * what the filters match, in the list's order; new entries put on top as the service announces them.
 */
export function EntriesPage() {
  const client = useClient();
  const [text, setText] = useState('');
  const [folder, setFolder] = useState('');
  const [state, setState] = useState('');
  const [before, setBefore] = useState('');
  const [order, setOrder] = useState<ListOrder>('newest');
  const ascending = order === 'oldest' || order === 'amount-asc';
  const byAmount = order === 'amount-desc' || order === 'amount-asc';
  const orderBy: EntryOrder = byAmount ? 'AMOUNT' : 'CREATED_AT';
  // By total the service takes no date bound (no index serves both): the field is set aside, not cleared.
  const dayBound = byAmount ? '' : before;
  // As one types: each word the beginning of a word.
  const q = useDebounced(searchQueryOf(text.trim()), 250);
  const [rows, setRows] = useState<EntryRowFragment[]>([]);
  const shownRows = useRef(rows);
  shownRows.current = rows;
  const [next, setNext] = useState<Next>({ after: null });
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [arrivals, setArrivals] = useState(0);
  // Each change of filters starts a new list: answers for an older one are dropped.
  const generation = useRef(0);
  const filters = useRef<Filters>({ q, folder, state, before: dayBound, ascending, orderBy });
  // The feed's end as read before the list's first page (see the live effect), and the entries the events brought
  // on top since: a first page answered after them must not drop them.
  const feedEnd = useRef<Promise<unknown>>(Promise.resolve());
  const arrived = useRef<EntryRowFragment[]>([]);

  const load = useCallback(
    async (from: Next, reset: boolean) => {
      if (!from) return;
      const mine = generation.current;
      const { q, folder, state, before, ascending, orderBy } = filters.current;
      setLoading(true);
      if (reset) await feedEnd.current;
      const createdAt = createdBound(before, ascending);
      const result = q
        ? await client
            .query(SearchDocument, { q, folder: folder || null, limit: PAGE_SIZE, offset: 'offset' in from ? from.offset : 0 })
            .toPromise()
        : await client
            .query(EntriesDocument, {
              first: PAGE_SIZE,
              after: 'after' in from ? from.after : null,
              folder: folder || null,
              state: state || null,
              createdAt,
              ascending,
              orderBy,
            })
            .toPromise();
      if (mine !== generation.current) return;
      setLoading(false);
      if (result.error) {
        setProblem(messageOf(result.error));
        setNext(null);
        return;
      }
      setProblem(undefined);
      let page: EntryRowFragment[] = [];
      if (result.data && 'search' in result.data) {
        const offset = result.data.search.offset + result.data.search.entries.length;
        page = result.data.search.entries;
        setNext(page.length === PAGE_SIZE && offset + PAGE_SIZE <= SEARCH_WINDOW ? { offset } : null);
      } else if (result.data && 'entries' in result.data) {
        const { edges, pageInfo } = result.data.entries;
        page = edges.map((edge) => edge.node);
        setNext(pageInfo.hasNextPage ? { after: pageInfo.endCursor ?? null } : null);
      }
      if (reset) page = [...arrived.current.filter((row) => !page.some((p) => p.id === row.id)), ...page];
      setRows((shown) => (reset ? page : [...shown, ...page.filter((row) => !shown.some((s) => s.id === row.id))]));
    },
    [client],
  );

  // New entries on top, and rows shown updated, as the service's events say. The feed's end is read before the
  // list's first page (which waits for it: this effect runs first), and the events are followed from there, so an
  // entry made between the two readings still arrives. Without events served, the list still works: from now on.
  useEffect(() => {
    let closed = false;
    let stop = () => {};
    const end = client
      .query(EventsEndDocument, {}, { requestPolicy: 'network-only' })
      .toPromise()
      .then((result) => result.data?.eventsEnd ?? null);
    feedEnd.current = end;
    void end.then((after) => {
      if (closed) return;
      const subscription = client
        .subscription(EntryEventsDocument, { after, folder: folder || null, types: [...LIVE_TYPES] })
        .subscribe((result) => {
          const event = result.data?.entryEvents;
          const entry = event?.entry;
          if (!event || !entry) return;
          const { q, state, before, ascending, orderBy } = filters.current;
          if (shownRows.current.some((row) => row.id === entry.id)) {
            setRows((shown) => shown.map((row) => (row.id === entry.id ? entry : row)));
          } else if (
            event.type === 'ENTRY_CREATED' &&
            !q &&
            !before &&
            !state &&
            !ascending &&
            orderBy === 'CREATED_AT' &&
            !arrived.current.some((row) => row.id === entry.id)
          ) {
            // A search ranks by relevance, a date filter ends in the past, a new entry has no state, oldest first it
            // belongs at the end, and by total wherever its total puts it: on top it belongs to none of those lists.
            arrived.current = [entry, ...arrived.current].slice(0, 200);
            setRows((shown) => [entry, ...shown]);
            setArrivals((count) => count + 1);
          }
        });
      stop = () => subscription.unsubscribe();
    });
    return () => {
      closed = true;
      stop();
    };
  }, [client, folder]);

  useEffect(() => {
    generation.current += 1;
    filters.current = { q, folder, state, before: dayBound, ascending, orderBy };
    arrived.current = [];
    setArrivals(0);
    void load(q ? { offset: 0 } : { after: null }, true);
  }, [q, folder, state, dayBound, ascending, orderBy, load]);

  // The folders in use (the defaults until they are known), and how many entries the list's filters match.
  const [folders] = useQuery({ query: EntryFoldersDocument });
  const folderChoices = folders.data ? [...new Set([...folders.data.entryFolders, ...(folder ? [folder] : [])])] : FOLDERS;
  const createdAt = createdBound(dayBound, ascending);
  const [counted, recount] = useQuery({
    query: EntriesCountDocument,
    variables: { folder: folder || null, state: state || null, createdAt, ascending },
    pause: Boolean(q),
  });
  // The count follows the entries the service announces, a moment after them.
  useEffect(() => {
    if (arrivals > 0) recount({ requestPolicy: 'network-only' });
  }, [arrivals, recount]);
  const total = counted.data?.entriesCount;
  const countText = q
    ? `${rows.length.toLocaleString()}${next ? '+' : ''} ${rows.length === 1 && !next ? 'match' : 'matches'}`
    : total
      ? `${total.count.toLocaleString()}${total.more ? '+' : ''} ${total.count === 1 && !total.more ? 'entry' : 'entries'}`
      : '';

  const [exporting, setExporting] = useState<string>();
  const exportShown = async () => {
    setExporting('Exporting…');
    try {
      const {
        csv,
        rows: written,
        cut,
      } = await exportCsv(
        client,
        { q: filters.current.q || undefined, folder: folder || null, state: state || null, createdAt, ascending, orderBy },
        (count) => setExporting(`Exporting… ${count.toLocaleString()} rows`),
      );
      saveText(csv, `entries-${new Date().toISOString().slice(0, 10)}.csv`, 'text/csv;charset=utf-8');
      setExporting(
        cut
          ? `Exported the first ${MAX_EXPORT_ROWS.toLocaleString()} rows: narrow the filters for the rest.`
          : `Exported ${written.toLocaleString()} ${written === 1 ? 'row' : 'rows'}.`,
      );
    } catch (error) {
      setExporting(`Could not export: ${error instanceof CombinedError ? messageOf(error) : String(error)}`);
    }
  };

  // The list's end: when it comes into view, the next page is asked for.
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(() => {});
  loadMore.current = () => {
    if (!loading && next) void load(next, false);
  };
  useEffect(() => {
    const target = sentinel.current;
    if (!target) return;
    const observer = new IntersectionObserver((seen) => seen.some((s) => s.isIntersecting) && loadMore.current(), { rootMargin: '200px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, []);
  // A page that does not fill the window leaves the sentinel in view: ask again after each page.
  useEffect(() => {
    const target = sentinel.current;
    if (target && !loading && next && target.getBoundingClientRect().top < window.innerHeight) loadMore.current();
  }, [loading, next]);

  return (
    <main id="main">
      <h1>Entries</h1>
      <EinvoiceImport />
      <form className="filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor="search">Search</label>
          <input
            id="search"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Words, names, codes…"
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor="folder">Folder</label>
          <select id="folder" value={folder} onChange={(event) => setFolder(event.target.value)}>
            <option value="">All folders</option>
            {folderChoices.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="state">State</label>
          <select
            id="state"
            value={state}
            onChange={(event) => setState(event.target.value)}
            disabled={Boolean(q)}
            aria-describedby="state-hint"
          >
            <option value="">Any state</option>
            {STATES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <span id="state-hint" className="hint">
            {q ? 'Not with a search: it has no state filter.' : ''}
          </span>
        </div>
        <div className="field">
          <label htmlFor="before">{ascending ? 'Created on or after' : 'Created on or before'}</label>
          <input
            id="before"
            type="date"
            value={before}
            onChange={(event) => setBefore(event.target.value)}
            disabled={Boolean(q) || byAmount}
            aria-describedby="before-hint"
          />
          <span id="before-hint" className="hint">
            {q ? 'Not with a search: it has no date filter.' : byAmount ? 'Not with the order by total.' : ''}
          </span>
        </div>
        <div className="field">
          <label htmlFor="order">Order</label>
          <select
            id="order"
            value={order}
            onChange={(event) => setOrder(event.target.value as ListOrder)}
            disabled={Boolean(q)}
            aria-describedby="order-hint"
          >
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
            <option value="amount-desc">Highest total first</option>
            <option value="amount-asc">Lowest total first</option>
          </select>
          <span id="order-hint" className="hint">
            {q ? 'A search shows the best matches first.' : byAmount ? 'Entries without a total come last.' : ''}
          </span>
        </div>
      </form>
      <div className="list-tools">
        <p className="count" role="status" aria-live="polite">
          {countText}
        </p>
        <button
          type="button"
          onClick={exporting === 'Exporting…' || exporting?.startsWith('Exporting… ') ? undefined : exportShown}
          aria-describedby="export-status"
        >
          Export CSV
        </button>
        <span id="export-status" className="hint" role="status">
          {exporting ?? `All matching entries, up to ${MAX_EXPORT_ROWS.toLocaleString()}.`}
        </span>
      </div>
      <p className="live" role="status" aria-live="polite">
        {arrivals > 0 ? `${arrivals} new ${arrivals === 1 ? 'entry' : 'entries'} at the top` : ''}
      </p>
      {problem ? (
        <p role="alert" className="notice">
          {problem}
        </p>
      ) : null}
      <div className="entries" aria-busy={loading}>
        <EntriesTable
          rows={rows}
          caption={q ? `Entries matching ${text.trim()}` : CAPTIONS[order]}
          sort={order}
          onSort={q ? undefined : setOrder}
        />
      </div>
      <div ref={sentinel} className="sentinel" aria-hidden="true" />
      <p className="list-end" aria-live="polite">
        {loading ? 'Loading…' : next ? '' : rows.length === 0 ? 'No entries.' : 'End of the list.'}
      </p>
      {!loading && next ? (
        <button type="button" onClick={() => loadMore.current()}>
          Load more
        </button>
      ) : null}
    </main>
  );
}
