import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { Entry } from '../../domain/entries/model/entry';
import type { EinvoiceImports, ImportOptions } from '../../domain/formats/einvoice-imports';
import { DomainError } from '../../domain/shared/errors';
import { CreateEntryPayload } from '../entries/create-entry.payload';
import { edgeOf } from '../entries/entry-connection.type';
import type { GraphQLContext } from '../plumbing/context';
import type { UploadedFile } from '../plumbing/upload.scalar';
import { ImportDocumentInput } from './import-document.input';

const ONE_OF = 'give the e-invoice as `xml` (its text) or as `file` (an upload), one of them';

/** Stores the input's e-invoice: the `xml` text, or the uploaded file, read as POST /silo/v1/entries reads its body. */
function imported(imports: EinvoiceImports, workspaceId: string, input: ImportDocumentInput, options: ImportOptions): Promise<Entry> {
  const { xml, file } = input;
  if ((xml === null || xml === undefined) === (file === null || file === undefined)) {
    throw new DomainError('input', ONE_OF, { fields: { xml: ONE_OF, file: ONE_OF } });
  }
  if (typeof xml === 'string') return imports.importXml(workspaceId, xml, options);
  const upload = file as UploadedFile;
  if (upload.kind === 'pdf') return imports.importPdf(workspaceId, upload.bytes, options);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(upload.bytes);
  } catch {
    throw new DomainError('input', 'the XML is not UTF-8', { fields: { file: 'is not UTF-8' } });
  }
  return imports.importXml(workspaceId, text, options);
}

/** A received e-invoice stored as an entry, as POST /silo/v1/entries does with an XML or PDF body. */
@Resolver()
export class ImportDocumentResolver {
  @Mutation(() => CreateEntryPayload, {
    description:
      "Stores a received e-invoice (UBL or CII XML as `xml`, or uploaded as `file`: the XML, or a Factur-X / ZUGFeRD PDF) as an entry, as POST /silo/v1/entries does with an application/xml or application/pdf body: read as a GOBL invoice, calculated and validated as any create, the original kept as its file of key `source` (category `attachment`) and the sender's totals, with any difference from the calculation, in its `einvoice` meta row.",
  })
  async importDocument(
    @Arg('input', () => ImportDocumentInput) input: ImportDocumentInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CreateEntryPayload> {
    if (!ctx.imports) throw new DomainError('unavailable', 'received e-invoices are not taken here');
    const entry = await imported(ctx.imports, ctx.workspaceId, input, {
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
