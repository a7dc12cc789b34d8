import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { DomainError } from '../../domain/shared/errors';
import { CreateEntryPayload } from '../entries/create-entry.payload';
import { edgeOf } from '../entries/entry-connection.type';
import type { GraphQLContext } from '../plumbing/context';
import { ImportDocumentInput } from './import-document.input';

/** A received e-invoice stored as an entry, as POST /silo/v1/entries does with an XML body. */
@Resolver()
export class ImportDocumentResolver {
  @Mutation(() => CreateEntryPayload, {
    description:
      "Stores a received e-invoice (UBL or CII XML) as an entry: read as a GOBL invoice, calculated and validated as any create, the original kept as its file of key `source` (category `attachment`) and the sender's totals, with any difference from the calculation, in its `einvoice` meta row.",
  })
  async importDocument(
    @Arg('input', () => ImportDocumentInput) input: ImportDocumentInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CreateEntryPayload> {
    if (!ctx.imports) throw new DomainError('unavailable', 'received e-invoices are not taken here');
    const entry = await ctx.imports.importXml(ctx.workspaceId, input.xml, {
      key: input.key ?? undefined,
      folder: input.folder ?? undefined,
      allowInvalid: input.allowInvalid ?? false,
      fileName: input.name ?? undefined,
      signal: ctx.signal,
    });
    ctx.knowPartsOf(entry);
    return { entry, entryEdge: edgeOf(ctx.workspaceId, entry), clientMutationId: input.clientMutationId ?? null };
  }
}
