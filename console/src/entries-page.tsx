import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient } from 'urql';
import { ConsoleLink } from './console-link';
import { EntryBadges } from './entry-badges';
import { documentType, entryTitle, FOLDERS, formatTime, STATES } from './entry-labels';
import { EntriesDocument, EntryEventsDocument, EventsEndDocument, SearchDocument, type EntryRowFragment } from './generated/graphql';
import { entryPath } from './router';
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
}

const LIVE_TYPES = ['ENTRY_CREATED', 'ENTRY_STATE_ADDED', 'ENTRY_SIGNED', 'ENTRY_UPDATED'] as const;

/** Where the next page starts: a cursor of the `entries` connection, or an offset of the search. */
type Next = { after: string | null } | { offset: number } | null;

/**
 * The workspace's entries, newest first, a page at a time as the list's end scrolls into view; a search as
 * one types; new entries put on top as the service announces them.
 */
export function EntriesPage() {
  const client = useClient();
  const [text, setText] = useState('');
  const [folder, setFolder] = useState('');
  const [state, setState] = useState('');
  const [before, setBefore] = useState('');
  const q = useDebounced(text.trim(), 300);
  const [rows, setRows] = useState<EntryRowFragment[]>([]);
  const shownRows = useRef(rows);
  shownRows.current = rows;
  const [next, setNext] = useState<Next>({ after: null });
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [arrivals, setArrivals] = useState(0);
  // Each change of filters starts a new list: answers for an older one are dropped.
  const generation = useRef(0);
  const filters = useRef<Filters>({ q, folder, state, before });
  // The feed's end as read before the list's first page (see the live effect), and the entries the events brought
  // on top since: a first page answered after them must not drop them.
  const feedEnd = useRef<Promise<unknown>>(Promise.resolve());
  const arrived = useRef<EntryRowFragment[]>([]);

  const load = useCallback(
    async (from: Next, reset: boolean) => {
      if (!from) return;
      const mine = generation.current;
      const { q, folder, state, before } = filters.current;
      setLoading(true);
      if (reset) await feedEnd.current;
      const createdAt = before ? new Date(`${before}T23:59:59.999`).toISOString() : null;
      const result = q
        ? await client.query(SearchDocument, { q, folder: folder || null, limit: PAGE_SIZE, offset: 'offset' in from ? from.offset : 0 }).toPromise()
        : await client.query(EntriesDocument, { first: PAGE_SIZE, after: 'after' in from ? from.after : null, folder: folder || null, state: state || null, createdAt }).toPromise();
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
    const end = client.query(EventsEndDocument, {}, { requestPolicy: 'network-only' }).toPromise().then((result) => result.data?.eventsEnd ?? null);
    feedEnd.current = end;
    void end.then((after) => {
      if (closed) return;
      const subscription = client.subscription(EntryEventsDocument, { after, folder: folder || null, types: [...LIVE_TYPES] }).subscribe((result) => {
        const event = result.data?.entryEvents;
        const entry = event?.entry;
        if (!event || !entry) return;
        const { q, state, before } = filters.current;
        if (shownRows.current.some((row) => row.id === entry.id)) {
          setRows((shown) => shown.map((row) => (row.id === entry.id ? entry : row)));
        } else if (event.type === 'ENTRY_CREATED' && !q && !before && !state && !arrived.current.some((row) => row.id === entry.id)) {
          // A search ranks by relevance, a date filter ends in the past and a new entry has no state: it belongs to none.
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
    filters.current = { q, folder, state, before };
    arrived.current = [];
    setArrivals(0);
    void load(q ? { offset: 0 } : { after: null }, true);
  }, [q, folder, state, before, load]);

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
      <form className="filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor="search">Search</label>
          <input id="search" type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="Words, names, codes…" autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="folder">Folder</label>
          <select id="folder" value={folder} onChange={(event) => setFolder(event.target.value)}>
            <option value="">All folders</option>
            {FOLDERS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="state">State</label>
          <select id="state" value={state} onChange={(event) => setState(event.target.value)} disabled={Boolean(q)} aria-describedby="state-hint">
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
          <label htmlFor="before">Created on or before</label>
          <input id="before" type="date" value={before} onChange={(event) => setBefore(event.target.value)} disabled={Boolean(q)} aria-describedby="before-hint" />
          <span id="before-hint" className="hint">
            {q ? 'Not with a search: it has no date filter.' : ''}
          </span>
        </div>
      </form>
      <p className="live" role="status" aria-live="polite">
        {arrivals > 0 ? `${arrivals} new ${arrivals === 1 ? 'entry' : 'entries'} at the top` : ''}
      </p>
      {problem ? (
        <p role="alert" className="notice">
          {problem}
        </p>
      ) : null}
      <ol className="entries" aria-label={q ? `Entries matching ${q}` : 'Entries, newest first'} aria-busy={loading}>
        {rows.map((row) => (
          <li key={row.id} className="entry-row" data-entry-id={row.id}>
            <ConsoleLink to={entryPath(row.id)} className="entry-title">
              {entryTitle(row.snippet)}
            </ConsoleLink>
            <span className="entry-type">{documentType(row.docSchema)}</span>
            <span className="entry-folder">{row.folder}</span>
            <EntryBadges state={row.state} signed={row.signed} invalid={row.invalid} />
            <time dateTime={row.createdAt}>{formatTime(row.createdAt)}</time>
          </li>
        ))}
      </ol>
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
