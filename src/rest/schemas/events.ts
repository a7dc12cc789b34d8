import { Type } from '@sinclair/typebox';
import { EVENT_TYPES } from '../../domain/entries/model/entry-event';
import { DEFAULT_EVENTS_LIMIT, MAX_EVENTS_LIMIT, MAX_WAIT_SECONDS } from '../../domain/events/events.service';
import { anyObjectSchema } from '../../domain/shared/shape-check';

/** The workspace's feed of events. */

const DATE_TIME = { format: 'date-time' } as const;
const anyObject = (description: string) => anyObjectSchema(description);

export const EventsQuery = Type.Object({
  cursor: Type.Optional(
    Type.String({ description: 'The `next_cursor` of the previous page; without it the feed starts at its oldest event kept.' }),
  ),
  types: Type.Optional(Type.String({ description: `Only events of these types, separated by commas: ${EVENT_TYPES.join(', ')}.` })),
  entry_id: Type.Optional(Type.String({ description: 'Only the events of this entry.' })),
  folder: Type.Optional(Type.String({ description: 'Only the events of entries in this folder (as the event tells of the entry).' })),
  limit: Type.Optional(
    Type.String({
      pattern: '^-?[0-9]+$',
      description: `Page size, 1 to ${MAX_EVENTS_LIMIT} (default ${DEFAULT_EVENTS_LIMIT}).`,
      expected: 'a whole number',
    }),
  ),
  wait: Type.Optional(
    Type.String({
      pattern: '^[0-9]+$',
      description: `Seconds, at most ${MAX_WAIT_SECONDS}, to hold an empty answer open until an event arrives (a long poll).`,
      expected: 'a whole number',
    }),
  ),
});

export const EventSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: "The event's UUIDv7." }),
    type: Type.Union(EVENT_TYPES.map((type) => Type.Literal(type))),
    created_at: Type.String(DATE_TIME),
    entry_id: Type.String({ format: 'uuid' }),
    data: anyObject(
      "The entry as a list shows it, without `data`, `attachments`, `meta` and `versions`; with `previous_folder` (moved), `added_state` (a state's `key` and `at`), `file` (a file's metadata) or `meta_row` (a meta row's `src`, `key` and `change`; never its value).",
    ),
    cursor: Type.String({ description: 'Where a read continues after this event.' }),
  },
  { $id: 'Event', additionalProperties: false },
);

export const EventPageSchema = Type.Object(
  {
    list: Type.Array(EventSchema, { description: 'Events, oldest first, in the order their changes were committed.' }),
    limit: Type.Integer(),
    next_cursor: Type.String({
      description: 'Where the next read continues: after the last event of this page, or (an empty page) past what this read looked at.',
    }),
  },
  { $id: 'EventPage', additionalProperties: false },
);

export const EventTypeSchema = Type.Union(
  EVENT_TYPES.map((type) => Type.Literal(type)),
  { expected: `one of ${EVENT_TYPES.join(', ')}` },
);
