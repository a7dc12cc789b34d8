import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { Attachment } from '../../domain/entries/model/entry';
import { DomainError } from '../../domain/shared/errors';
import { AttachmentType } from './attachment.type';
import type { GraphQLContext } from '../plumbing/context';

/** The entry's PDF attached to it as a file, as POST /silo/v1/entries/{id}/pdf does. */
@Resolver()
export class EntryPdfResolver {
  @Mutation(() => AttachmentType, {
    description:
      "Attaches the entry's PDF (of `version`, from its versions, or of the current one) to the entry as its `format` file `<name>.pdf`, as POST /silo/v1/entries/{id}/pdf does; attaching again replaces that file, the earlier PDF kept as a version. NOT_FOUND for an unknown entry or version, DOCUMENT_TOO_COMPLEX when the PDF cannot be made in the engine's limits; nothing is stored then.",
  })
  attachEntryPdf(
    @Arg('id', () => ID) id: string,
    @Arg('version', () => String, { nullable: true }) version: string | null | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Attachment> {
    if (!ctx.pdfFiles) throw new DomainError('unavailable', 'files are not served here');
    return ctx.pdfFiles.attach(ctx.workspaceId, id, { version: version ?? undefined, signal: ctx.signal });
  }
}
