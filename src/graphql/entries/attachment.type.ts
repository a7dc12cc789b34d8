import { GraphQLJSONObject, GraphQLUUID } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import { DateTimeScalar } from '../plumbing/date-time.scalar';

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

  @Field(() => String, { nullable: true, description: "The client's own key for the file, as REST `key`." })
  key?: string;

  @Field(() => String, {
    nullable: true,
    description: "What the file is to the entry, as REST `category` (`format` for the entry's attached PDF).",
  })
  category?: string;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Whether the file may be placed inside another file (a PDF), as REST `embeddable`.',
  })
  embeddable?: boolean;

  @Field(() => Boolean, { nullable: true, description: 'A private file has no signed link: its `url` wants a token (REST `private`).' })
  private?: boolean;

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
