import { GraphQLJSONObject, GraphQLUUID } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import { DateTimeScalar } from './date-time.scalar';

@ObjectType('Attachment', { simpleResolvers: true, description: 'A file attached to an entry.' })
export class AttachmentType {
  @Field(() => String)
  id: string;

  @Field(() => GraphQLUUID)
  entryId: string;

  @Field(() => String)
  name: string;

  @Field(() => String, { nullable: true })
  desc?: string;

  @Field(() => String)
  mime: string;

  @Field(() => Int)
  size: number;

  @Field(() => String)
  hash: string;

  @Field(() => Boolean)
  stored: boolean;

  // `url` is made per request, in AttachmentResolver.

  @Field(() => GraphQLJSONObject, { nullable: true })
  meta?: Record<string, unknown>;

  @Field(() => DateTimeScalar)
  createdAt: Date;
}
