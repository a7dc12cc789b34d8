import { GraphQLJSON } from 'graphql-scalars';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { EVENT_TYPES, type EventType } from '../../domain/entries/model/entry-event';
import { DateTimeScalar } from '../plumbing/date-time.scalar';

/** `entry.created` as GraphQL names an enum value: ENTRY_CREATED. */
export const eventTypeName = (type: EventType) => type.toUpperCase().replace(/\./g, '_');

/**
 * The event types as a GraphQL enum. Each value's internal value is its own name, not the contract's type:
 * the compiled executor passes leaves through unserialized (compiled-executor.ts), so a resolver answers the
 * name itself (`eventTypeName`), and arguments are turned back with `eventTypesOf`.
 */
export const EventTypeEnum = Object.fromEntries(EVENT_TYPES.map((type) => [eventTypeName(type), eventTypeName(type)])) as Record<
  string,
  string
>;

const TYPE_OF_NAME = new Map(EVENT_TYPES.map((type) => [eventTypeName(type), type]));

/** Enum values of an argument as the domain's event types. */
export const eventTypesOf = (names: readonly string[] | null | undefined): EventType[] | undefined =>
  names?.map((name) => TYPE_OF_NAME.get(name)!);

registerEnumType(EventTypeEnum, {
  name: 'EventType',
  description: "The kinds of change an event tells of; ENTRY_CREATED is REST's `entry.created`, and so on.",
});

/**
 * One change of an entry, as the REST feed and webhooks tell it. Resolvers return the domain `EntryEvent`;
 * `cursor` and `entry` are resolved in EntryEventResolver.
 */
@ObjectType('EntryEvent', {
  simpleResolvers: true,
  description: "One change of an entry, from the workspace's feed of events (REST GET /silo/v1/events).",
})
export class EntryEventType {
  @Field(() => ID, { description: "The event's own id (a UUID): a receiver that sees one twice drops the second." })
  id: string;

  @Field(() => EventTypeEnum, { description: 'The kind of change.' })
  type: string;

  @Field(() => DateTimeScalar, { description: 'When the change was made.' })
  createdAt: Date;

  @Field(() => ID, { description: 'The entry that changed.' })
  entryId: string;

  @Field(() => GraphQLJSON, {
    description:
      'What the event says, as REST shows it (snake_case): the entry as a list shows it when it changed, and what the change added.',
  })
  data: Record<string, unknown>;
}
