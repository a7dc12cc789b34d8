import type { Static } from '@sinclair/typebox';
import { eventSummaryJson, type EntryEvent } from '../domain/entries/model/entry-event';
import { encodeEventCursor, type EventsService, type FeedPage } from '../domain/events/events.service';
import { abandonedSignal } from '../http/request-signal';
import { EventPageSchema, EventSchema, EventsQuery } from './api-schemas';
import type { ApiRoute } from './route-table';
import { within } from './entry.presenter';

/** An event as the feed shows it: what a webhook delivers, and the cursor that continues after it. */
export const eventJson = (event: EntryEvent): Static<typeof EventSchema> => ({
  ...within<Static<typeof EventSchema>>()(eventSummaryJson(event)),
  cursor: encodeEventCursor(event.workspaceId, event.seq),
});

/** A page of the feed: EventPageSchema. */
const eventPageJson = (page: FeedPage): Static<typeof EventPageSchema> => ({
  list: page.events.map(eventJson),
  limit: page.limit,
  next_cursor: page.nextCursor,
});

const listOf = (text: string | undefined) =>
  text === undefined
    ? undefined
    : text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');
const numberOf = (text: string | undefined) => (text === undefined ? undefined : Number(text));

/** `GET /silo/v1/events`: the workspace's feed of events, oldest first. */
export const eventsRoutes: ApiRoute<{ events: EventsService }>[] = [
  {
    method: 'get',
    path: '/silo/v1/events',
    auth: 'token',
    operationId: 'listEvents',
    tag: 'events',
    summary:
      "The workspace's events, oldest first, in the order their changes were committed: none skipped, none twice from a cursor. With `wait`, an empty answer is held open until an event arrives.",
    query: EventsQuery,
    answers: { 200: { description: 'A page of events.', schema: EventPageSchema } },
    refusals: [400, 401, 410, 503],
    handler:
      ({ events }) =>
      async (req, res) => {
        const q = req.query as Record<string, string | undefined>;
        const page = await events.feed(req.workspaceId, {
          cursor: q.cursor,
          types: listOf(q.types),
          entryId: q.entry_id,
          folder: q.folder,
          limit: numberOf(q.limit),
          waitSeconds: numberOf(q.wait),
          signal: abandonedSignal(res),
        });
        if (res.destroyed) return; // the client left while the read waited
        res.json(eventPageJson(page));
      },
  },
];
