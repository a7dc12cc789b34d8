import { Field, ObjectType } from 'type-graphql';

@ObjectType('PageInfo', {
  simpleResolvers: true,
  description: 'Relay page information. Pagination is forward only: hasPreviousPage is always false.',
})
export class PageInfoType {
  @Field(() => Boolean)
  hasNextPage: boolean;

  @Field(() => Boolean)
  hasPreviousPage: boolean;

  @Field(() => String, { nullable: true })
  startCursor: string | null;

  @Field(() => String, { nullable: true, description: 'Pass as `after` to get the next page; the REST next_cursor.' })
  endCursor: string | null;
}
