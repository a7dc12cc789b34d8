import { useEffect, useState } from 'react';
import { useClient, useQuery } from 'urql';
import { ConsoleLink } from './console-link';
import { formatTime } from './entry-labels';
import { EventsEndDocument, EventsPageDocument, FeedEventsDocument, type FeedEventFragment } from './generated/graphql';
import { messageOf } from './refusal';
import { entryPath } from './router';

/** Live events kept on the page at most: the oldest go past it (the feed itself keeps them all). */
export const LIVE_KEPT = 200;
const PAGE = 50;

function EventsTable({ caption, events, id }: { caption: string; events: readonly FeedEventFragment[]; id: string }) {
  return (
    <div>
      <table className="events reflow" data-table={id}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Type</th>
            <th scope="col">Entry</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id} data-event-type={event.type}>
              <td data-label="When">
                <time dateTime={event.createdAt}>{formatTime(event.createdAt)}</time>
              </td>
              <td data-label="Type">{event.type.toLowerCase().replace(/_/g, ' ')}</td>
              <td data-label="Entry">
                <ConsoleLink to={entryPath(event.entryId)}>{event.entryId}</ConsoleLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * `/console/events`: the workspace's feed. New events arrive at the top as they are committed (the `entryEvents`
 * subscription, followed from the feed's end read when the page opened, so none made meanwhile is missed); the
 * feed's history below, oldest first, a page at a time.
 */
export function EventsPage() {
  const client = useClient();
  const [live, setLive] = useState<FeedEventFragment[]>([]);
  const [following, setFollowing] = useState<string>();
  const [{ data: endData, error: endError }] = useQuery({ query: EventsEndDocument });
  const end = endData?.eventsEnd;
  useEffect(() => {
    if (end === undefined) return;
    setFollowing('Following the events as they come.');
    const subscription = client.subscription(FeedEventsDocument, { after: end }).subscribe((result) => {
      if (result.error) return setFollowing(`The live feed stopped: ${messageOf(result.error)}`);
      const event = result.data?.entryEvents;
      if (event) setLive((shown) => [event, ...shown.filter((other) => other.id !== event.id)].slice(0, LIVE_KEPT));
    });
    return () => subscription.unsubscribe();
  }, [client, end]);

  const [history, setHistory] = useState<FeedEventFragment[]>([]);
  const [after, setAfter] = useState<string | null>(null);
  const [{ data: page, error: pageError, fetching }] = useQuery({ query: EventsPageDocument, variables: { after, first: PAGE } });
  useEffect(() => {
    if (page)
      setHistory((shown) => [
        ...shown,
        ...page.events.edges.map((edge) => edge.node).filter((event) => !shown.some((other) => other.id === event.id)),
      ]);
  }, [page]);
  const more = page?.events.pageInfo.hasNextPage ? page.events.pageInfo.endCursor : undefined;
  const problem = endError ?? pageError;

  return (
    <main id="main">
      <h1>Events</h1>
      {problem ? (
        <p role="alert" className="notice">
          Could not read the events: {messageOf(problem)}
        </p>
      ) : null}
      <section aria-labelledby="live-heading">
        <h2 id="live-heading">As they come</h2>
        <p role="status" className="hint" data-field="live-feed">
          {following ?? 'Connecting…'}
        </p>
        {live.length > 0 ? (
          <EventsTable id="live" caption={`${live.length} new since the page opened, newest first`} events={live} />
        ) : (
          <p>No event since the page opened.</p>
        )}
      </section>
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">The feed, oldest first</h2>
        {history.length > 0 ? (
          <EventsTable id="history" caption={`The ${history.length} oldest events kept`} events={history} />
        ) : (
          <p>{fetching ? 'Loading…' : 'No event kept.'}</p>
        )}
        {more ? (
          <p>
            <button type="button" onClick={() => setAfter(more)}>
              Show the next {PAGE}
            </button>
          </p>
        ) : null}
      </section>
    </main>
  );
}
