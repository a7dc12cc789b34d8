import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';
import { DateTimeScalar } from '../plumbing/date-time.scalar';

@ObjectType('EntryVersion', { simpleResolvers: true, description: "One version of an entry's envelope (REST `versions`)." })
export class EntryVersionType {
  @Field(() => String, { description: 'Content-derived: the first 10 hexadecimal characters of the SHA-256 of the stored envelope.' })
  version: string;

  @Field(() => DateTimeScalar, { description: 'When the version was made.' })
  at: Date;

  @Field(() => Boolean)
  invalid: boolean;

  @Field(() => Boolean)
  signed: boolean;

  @Field(() => String, { description: "What made it: `api`, or `transform` for a job's step." })
  src: string;

  @Field(() => String, { nullable: true, description: 'With `transform`: the intent of the job step that made it.' })
  srcId?: string;
}

@ObjectType('EntryState', { simpleResolvers: true, description: "A state of an entry; the newest one is the entry's `state`." })
export class EntryStateType {
  @Field(() => ID)
  id: string;

  @Field(() => String, {
    description: 'The state: processing, sent, error, registered, completed, received, rejected, paid, void, draft or invalid.',
  })
  key: string;

  @Field(() => String, { nullable: true })
  notes?: string;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'String values.' })
  meta?: Record<string, string>;

  @Field(() => String, { description: "What added it: `api`, or `transform` for a job's step." })
  src: string;

  @Field(() => String, { nullable: true, description: 'With `transform`: the intent of the job step that added it.' })
  srcId?: string;

  @Field(() => DateTimeScalar, { description: 'When the state holds from (REST `created_at`).' })
  at: Date;
}

@ObjectType('EntryVersionData', { simpleResolvers: true, description: 'One version of an entry and its envelope.' })
export class EntryVersionDataType {
  @Field(() => String)
  version: string;

  @Field(() => GraphQLJSONObject, { description: 'The envelope of that version.' })
  data: Record<string, unknown>;
}
