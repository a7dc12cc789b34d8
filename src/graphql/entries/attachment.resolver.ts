import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Attachment } from '../../domain/entries/model/entry';
import { AttachmentType } from './attachment.type';
import type { GraphQLContext } from '../plumbing/context';

/** A file's fields made per request rather than read from its row. */
@Resolver(() => AttachmentType)
export class AttachmentResolver {
  // Nullable as it always was, so the schema's type stays; every file has one now.
  @FieldResolver(() => String, {
    nullable: true,
    description:
      "Where the file's bytes are read: the same absolute address REST gives. Unless the file is private it carries a signed query that works without a token until it expires (FILE_LINK_LIFETIME); a private file's needs a bearer token.",
  })
  url(@Root() file: Attachment, @Ctx() ctx: GraphQLContext): string {
    return ctx.fileUrl(file);
  }
}
