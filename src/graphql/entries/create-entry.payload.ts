import { Field, ObjectType } from 'type-graphql';
import type { Entry } from '../../domain/entries/model/entry';
import { EntryEdgeType } from './entry-connection.type';
import { EntryType } from './entry.type';
import { ClientMutationIdField } from '../node/relay-mutation.type';

@ObjectType('CreateEntryPayload', { simpleResolvers: true })
export class CreateEntryPayload {
  @Field(() => EntryType, { description: 'The created entry, with its data.' })
  entry: Entry;

  @Field(() => EntryEdgeType, {
    description:
      'The created entry as an edge of `entries`, newest first, for clients that insert it into a list they hold (Relay @prependEdge).',
  })
  entryEdge: EntryEdgeType;

  @ClientMutationIdField()
  clientMutationId: string | null;
}
