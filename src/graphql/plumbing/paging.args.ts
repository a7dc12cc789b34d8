import { ArgsType, Field, Int } from 'type-graphql';

/**
 * The paging arguments of a Relay connection, written once: `first` and `after` (paging is forward only, so
 * there is no `last` or `before`). Each list says in its descriptions what a page and a cursor are for it;
 * its own arguments class extends this one.
 */
export function PagingArgs(descriptions: { first: string; after?: string }) {
  @ArgsType()
  abstract class Paging {
    @Field(() => Int, { nullable: true, description: descriptions.first })
    first?: number | null;

    @Field(() => String, { nullable: true, description: descriptions.after })
    after?: string | null;
  }
  return Paging;
}
