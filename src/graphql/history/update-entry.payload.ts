import { Field, ObjectType } from 'type-graphql';
import type { Entry } from '../../domain/entries/model/entry';
import type { EntryState } from '../../domain/entries/model/entry-history';
import { EntryStateType } from './entry-history.type';
import { EntryType } from '../entries/entry.type';
import { ClientMutationIdField } from '../node/relay-mutation.type';

@ObjectType('UpdateEntryPayload', { simpleResolvers: true })
export class UpdateEntryPayload {
  @Field(() => EntryType, { description: 'The entry as it is now.' })
  entry: Entry;

  @ClientMutationIdField()
  clientMutationId: string | null;
}

@ObjectType('AddEntryStatePayload', { simpleResolvers: true })
export class AddEntryStatePayload {
  @Field(() => EntryStateType)
  state: EntryState;

  @Field(() => EntryType, { description: 'The entry, with its `state`.' })
  entry: Entry;

  @ClientMutationIdField()
  clientMutationId: string | null;
}
