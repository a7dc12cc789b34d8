import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';
import { DateTimeScalar } from '../plumbing/date-time.scalar';
import { DigestType } from './digest.type';
import { EntrySignatureType } from './entry-signature.type';
import { FaultType } from './fault.type';
import { NodeType } from '../node/node.type';

/**
 * An entry, with the REST fields in camelCase. Resolvers return the domain `Entry` itself, read as its row;
 * `draft`, `data`, `attachments` and `meta` are resolved in EntryResolver and `versions` in EntryHistoryResolver,
 * each read only when a query selects it.
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

  @Field(() => EntrySignatureType, { nullable: true, description: 'For a signed entry: what was verified of its signatures (null on entries signed before it was kept).' })
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
}
