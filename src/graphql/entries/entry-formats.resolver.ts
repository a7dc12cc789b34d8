import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root, registerEnumType } from 'type-graphql';
import type { Attachment, Entry } from '../../domain/entries/model/entry';
import type { EntryFormats } from '../../domain/formats/entry-formats';
import { DomainError } from '../../domain/shared/errors';
import { FACTURX, OUTPUT_FORMAT_NAMES, type OutputFormat } from '../../formats';
import type { GraphQLContext } from '../plumbing/context';
import { DATA_COMPLEXITY } from '../plumbing/limits';
import { AttachmentType } from './attachment.type';
import { EntryType } from './entry.type';

/** A format's GraphQL name: the REST name in capitals (`ubl` is `UBL`, `xrechnung-ubl` would be `XRECHNUNG_UBL`). */
const enumName = (format: OutputFormat): string => format.toUpperCase().replace(/-/g, '_');

/**
 * The formats by their GraphQL names, each its own value: the compiled executor coerces variables twice (graphql-js,
 * then graphql-jit), so an enum whose values differ from its names is refused on a query's second run.
 */
const FormatEnum = Object.fromEntries(OUTPUT_FORMAT_NAMES.map((format) => [enumName(format), enumName(format)]));
const FORMAT_OF_NAME = new Map(OUTPUT_FORMAT_NAMES.map((format) => [enumName(format), format]));
const formatOf = (name: string): OutputFormat => FORMAT_OF_NAME.get(name)!;

registerEnumType(FormatEnum, {
  name: 'DocumentFormat',
  description:
    'An e-invoice format the service writes invoices in: UBL is EN 16931 in UBL 2.1 (REST `ubl`), CII in UN/CEFACT CII D16B (REST `cii`), PEPPOL is Peppol BIS Billing 3.0 (REST `peppol`), XRECHNUNG_UBL and XRECHNUNG_CII are XRechnung 3.0 in each syntax (REST `xrechnung-ubl`, `xrechnung-cii`), FACTURX a Factur-X PDF/A-3 with the CII embedded (REST `facturx`; a file: Entry.format answers its signed download url, attachEntryFormat attaches it).',
});

const formatsOf = (ctx: GraphQLContext): EntryFormats => {
  if (!ctx.formats) throw new DomainError('unavailable', 'formats are not served here');
  return ctx.formats;
};

/** An entry's invoice in an e-invoice format, read or attached, as /silo/v1/entries/{id}/formats/{format} does. */
@Resolver(() => EntryType)
export class EntryFormatsResolver {
  @FieldResolver(() => String, {
    complexity: DATA_COMPLEXITY,
    description:
      "The entry's invoice (of `version`, or the current one) in an e-invoice format, as GET /silo/v1/entries/{id}/formats/{format} writes it: the XML text, VALIDATION_FAILED when the format cannot express it validly, the faults naming the rules. For FACTURX, a PDF, the absolute url of that route instead (with `version` when given), signed as an Attachment's url is: a plain GET downloads the PDF without a token until FILE_LINK_LIFETIME has passed. The PDF is made when the url is fetched, which answers REST's refusals (422 naming the rules, 404 for an unknown version).",
  })
  format(
    @Root() entry: Entry,
    @Arg('name', () => FormatEnum) name: string,
    @Arg('version', () => String, { nullable: true }) version: string | null | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<string> {
    const format = formatOf(name);
    // A PDF is no text: its address, for a browser or a plain client to download; the PDF is made when it is fetched.
    if (format === FACTURX) return Promise.resolve(ctx.formatUrl(entry.id, format, version ?? undefined));
    return formatsOf(ctx)
      .write(ctx.workspaceId, entry.id, format, { version: version ?? undefined, signal: ctx.signal })
      .then((written) => written.bytes.toString('utf8'));
  }

  @Mutation(() => AttachmentType, {
    description:
      "Attaches the entry's invoice in a format (of `version`, or the current one) to the entry as its `format` file, as POST /silo/v1/entries/{id}/formats/{format} does; attaching again replaces that file, the earlier one kept as a version. Nothing is stored when it is refused.",
  })
  attachEntryFormat(
    @Arg('id', () => ID) id: string,
    @Arg('format', () => FormatEnum) format: string,
    @Arg('version', () => String, { nullable: true }) version: string | null | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Attachment> {
    return formatsOf(ctx).attach(ctx.workspaceId, id, formatOf(format), { version: version ?? undefined, signal: ctx.signal });
  }
}
