import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { Series } from '../../domain/sequences/series';
import { ClientMutationIdField, ClientMutationIdInputField } from '../node/relay-mutation.type';
import { SeriesType } from './series.type';

/**
 * The series' body (CreateSeriesBody, src/domain/sequences/sequence-input.ts, its one declaration) with GraphQL's
 * names (input-names.ts). No rules here: SequencesService checks it, for both APIs.
 */
@InputType('PutSeriesInput')
export class PutSeriesInput {
  @Field(() => String, { nullable: true, description: 'The name of the series; its code, or its id, when absent.' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'A code of your own that names the series (`SALES-2026`).' })
  code?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'Written before every code (`INV-`); fixed once the series has an entry.' })
  prefix?: string | null;

  @Field(() => String, { nullable: true, description: 'Written after every code; fixed once the series has an entry.' })
  suffix?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'The digits an index is padded to with zeros (5: `00001`); fixed once the series has an entry.',
  })
  padding?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'The index of the first entry (1 when absent or 0); fixed once the series has an entry.',
  })
  start?: number | null;

  @Field(() => String, { nullable: true, description: "Accepted as the hosted API's clients send it; not kept." })
  sig?: string | null;

  @ClientMutationIdInputField()
  clientMutationId?: string | null;
}

@ObjectType('PutSeriesPayload', { simpleResolvers: true })
export class PutSeriesPayload {
  @Field(() => SeriesType, { description: 'The series as it is now.' })
  series: Series;

  @ClientMutationIdField()
  clientMutationId: string | null;
}
