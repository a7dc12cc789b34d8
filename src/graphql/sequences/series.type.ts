import { GraphQLJSONObject, GraphQLSafeInt } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { DateTimeScalar } from '../plumbing/date-time.scalar';

/**
 * A series of codes as REST shows it (GET /sequence/v1/series/{id}). Resolvers return the domain `Series`;
 * `entries`, `entry` and `verification` are resolved in SeriesResolver. Indexes are SafeInt: a series may count
 * past Int's 2^31 - 1, up to 2^53 - 1.
 */
@ObjectType('Series', {
  simpleResolvers: true,
  description: 'A gapless series of codes (`INV-00001`, `INV-00002`, …), signed into a chain.',
})
export class SeriesType {
  @Field(() => ID, { description: "The series' id (a UUID, chosen by the client)." })
  id: string;

  @Field(() => String, { description: 'Its name: its code, or its id, when none was given.' })
  name: string;

  @Field(() => String, { nullable: true, description: 'A code of your own that names the series.' })
  code?: string;

  @Field(() => String, { nullable: true })
  description?: string;

  @Field(() => String, { description: 'Written before every code.' })
  prefix: string;

  @Field(() => String, { description: 'Written after every code.' })
  suffix: string;

  @Field(() => Int, { description: 'The digits an index is padded to with zeros; 0: its own digits.' })
  padding: number;

  @Field(() => GraphQLSafeInt, { description: 'The index of the first entry.' })
  start: number;

  @Field(() => GraphQLSafeInt, { nullable: true, description: 'The index of the last entry taken; null while the series has none.' })
  lastIndex?: number;

  @Field(() => ID, { nullable: true, description: 'The last entry taken.' })
  lastEntryId?: string;

  @Field(() => DateTimeScalar)
  createdAt: Date;

  @Field(() => DateTimeScalar)
  updatedAt: Date;
}

/** One entry of a series: the code an id took, as REST shows it (GET /sequence/v1/series/{series_id}/entries/{id}). */
@ObjectType('SeriesEntry', { simpleResolvers: true, description: 'The code one id took in a series, signed into its chain.' })
export class SeriesEntryType {
  @Field(() => ID, { description: "The entry's id (the client's: the id of the document it numbers, say)." })
  id: string;

  @Field(() => ID)
  seriesId: string;

  @Field(() => GraphQLSafeInt, { description: 'Its place in the series.' })
  index: number;

  @Field(() => String, { description: 'The whole code: prefix, the padded index, suffix.' })
  code: string;

  @Field(() => ID, { nullable: true, description: 'The entry before it; null for the first.' })
  previousId?: string;

  @Field(() => GraphQLJSONObject, { description: 'The key/value pairs given with it (string values).' })
  meta: Record<string, string>;

  @Field(() => [String], {
    description: "Its signatures: the service's compact JWS over its link in the chain first, then the client's, if one was given.",
  })
  sigs: string[];

  @Field(() => DateTimeScalar)
  createdAt: Date;

  @Field(() => DateTimeScalar)
  updatedAt: Date;
}

@ObjectType('SeriesChainBreak', { simpleResolvers: true, description: 'Where a series’ chain first breaks, and why.' })
export class SeriesChainBreakType {
  @Field(() => GraphQLSafeInt, { description: 'The index of the entry at fault, or where one is missing.' })
  index: number;

  @Field(() => ID, { nullable: true, description: 'The entry at fault; null where one is missing.' })
  id?: string;

  @Field(() => String)
  reason: string;
}

/** What a check of a series' chain found (REST GET /sequence/v1/series/{id}/verify). */
@ObjectType('SeriesVerification', {
  simpleResolvers: true,
  description:
    "A check of a series' chain with the service's published keys: no gap from `start`, each entry naming the one before, its code, and its signature.",
})
export class SeriesVerificationType {
  @Field(() => Boolean, { description: 'True when every entry checked holds (and, from the start, none is missing).' })
  valid: boolean;

  @Field(() => Int, { description: 'The entries checked.' })
  checked: number;

  @Field(() => GraphQLSafeInt, { description: 'The index the check started from (REST `from`).' })
  from: number;

  @Field(() => GraphQLSafeInt, {
    nullable: true,
    description: 'Where to go on from when the check stopped at its limit (REST `next_from`); null when it reached the end.',
  })
  nextFrom?: number;

  @Field(() => SeriesChainBreakType, { nullable: true, description: 'The first break; null when the chain holds.' })
  firstBreak?: SeriesChainBreakType;
}
