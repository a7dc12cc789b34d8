import { Field, ObjectType } from 'type-graphql';
import type { Entry } from '../domain/entry';
import { EntryType } from './entry.type';

@ObjectType('CreateEntryPayload', { simpleResolvers: true })
export class CreateEntryPayload {
  @Field(() => EntryType, { description: 'The created entry, with its data.' })
  entry: Entry;

  @Field(() => String, { nullable: true })
  clientMutationId: string | null;
}
