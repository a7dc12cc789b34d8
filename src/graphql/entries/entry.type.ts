import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';
import type { Envelope } from '../../document';
import { type Attachment, type Entry, type Meta } from '../../domain/entries/model/entry';
import { RawJson, withRawMember } from '../../http/json-slices';
import { AttachmentType } from './attachment.type';
import type { GraphQLContext } from '../plumbing/context';
import { ResolvedBy } from '../plumbing/field-path';
import { DATA_COMPLEXITY, PART_COMPLEXITY } from '../plumbing/limits';
import { MetaType } from './meta.type';
import { DateTimeScalar } from '../plumbing/date-time.scalar';
import { DigestType } from './digest.type';
import { EntrySignatureType } from './entry-signature.type';
import { FaultType } from './fault.type';
import { NodeType } from '../node/node.type';

/**
 * An entry, with the REST fields in camelCase. Resolvers return the domain `Entry` itself, read as its row;
 * `draft`, `data`, `attachments` and `meta` are resolved by the plain resolvers declared with them here
 * (`@ResolvedBy`, field-path.ts: a page calls them once per entry, with no per-call wrapper), `versions` and
 * `states` in EntryHistoryResolver and `related` in RelatedEntryResolver, each read only when a query selects
 * it. Every field, these included, resolves through the one field path, behind the checks registered for Entry.
 */
@ObjectType('Entry', { simpleResolvers: true, implements: NodeType, description: 'A stored business document of the workspace.' })
export class EntryType implements NodeType {
  @Field(() => ID, { description: 'The UUID of the entry (the envelope head uuid).' })
  id: string;

  @Field(() => String, { nullable: true, description: 'Client-chosen key, unique within the workspace.' })
  key?: string;

  @Field(() => String)
  folder: string;

  @Field(() => String, { description: 'Schema URL of the envelope payload.' })
  docSchema: string;

  @Field(() => String, { description: 'Schema URL of the envelope.' })
  envSchema: string;

  @Field(() => String, { nullable: true, description: 'Current state when the entry is not a draft.' })
  state?: string;

  @Field(() => Boolean)
  signed: boolean;

  @Field(() => EntrySignatureType, {
    nullable: true,
    description: 'For a signed entry: what was verified of its signatures (null on entries signed before it was kept).',
  })
  signature?: EntrySignatureType;

  @Field(() => Boolean, { description: 'True when the envelope contents are invalid and need review.' })
  invalid: boolean;

  @Field(() => DigestType)
  digest: DigestType;

  @Field(() => GraphQLJSONObject, { description: 'Excerpt of the document; always has a title.' })
  snippet: Record<string, unknown>;

  @Field(() => [String])
  tags: string[];

  @Field(() => String, { nullable: true, description: 'Set when the entry is returned inside a related query.' })
  context?: string;

  @Field(() => [FaultType], { description: 'Faults raised while processing the entry.' })
  faults: FaultType[];

  @Field(() => DateTimeScalar)
  createdAt: Date;

  @Field(() => DateTimeScalar)
  updatedAt: Date;

  @Field(() => String, { description: 'The current version of the envelope (REST `version`).' })
  version: string;

  @Field(() => Boolean, { deprecationReason: 'Use signed: draft is always !signed.' })
  @ResolvedBy((entry: Entry) => !entry.signed)
  draft: boolean;

  @Field(() => GraphQLJSONObject, {
    nullable: true,
    complexity: DATA_COMPLEXITY,
    description: 'The envelope. Read from the database only when selected, for a whole page at once.',
  })
  // An envelope still as its stored text (a create's or an update's answer) goes into the answer as that text, as REST
  // writes it, rather than parsed here and written again; JSON.stringify anywhere else gets it parsed (RawJson).
  @ResolvedBy(
    (entry: Entry, _args, ctx: GraphQLContext): Envelope | RawJson<Envelope> | Promise<Envelope | null> =>
      entry.data ?? (entry.dataJson === undefined ? undefined : new RawJson<Envelope>(entry.dataJson)) ?? ctx.dataOf(entry),
  )
  data?: Envelope | null;

  @Field(() => [AttachmentType], {
    complexity: PART_COMPLEXITY,
    description:
      "The entry's files. Read only when selected, for a whole page at once; their JSON counts against the request's data budget.",
  })
  @ResolvedBy((entry: Entry, _args, ctx: GraphQLContext) => shownParts(ctx.attachmentsOf(entry), 'meta'))
  attachments: AttachmentType[];

  @Field(() => [MetaType], {
    complexity: PART_COMPLEXITY,
    description:
      "The entry's meta rows (not `secure` ones). Read only when selected, for a whole page at once; their JSON counts against the request's data budget.",
  })
  @ResolvedBy((entry: Entry, _args, ctx: GraphQLContext) => shownParts(ctx.metaOf(entry), 'value'))
  meta: MetaType[];
}

/**
 * An entry's files or meta rows as shown, now or once read: a `member` not parsed since it was read goes into the
 * answer as its stored text. An entry known to have none is answered at once, without a promise.
 */
function shownParts<T extends Attachment | Meta>(parts: T[] | Promise<T[]>, member: keyof T & string): T[] | Promise<T[]> {
  const shown = (list: T[]) => list.map((part) => withRawMember(part, member));
  return Array.isArray(parts) ? shown(parts) : parts.then(shown);
}
