import { GraphQLJSONObject, GraphQLUUID } from 'graphql-scalars';
import { Field, ObjectType } from 'type-graphql';
import { metaId } from '../../domain/entries/model/entry';
import { DateTimeScalar } from '../plumbing/date-time.scalar';

@ObjectType('Meta', { simpleResolvers: true, description: 'An additional meta record of an entry.' })
export class MetaType {
  /** Computed from the record: TypeGraphQL calls the getter on a copy of the domain object. */
  @Field(() => String, { description: 'Composite identifier: <entry_id>:<src>:<key>.' })
  get id(): string {
    return metaId(this);
  }

  @Field(() => GraphQLUUID)
  entryId: string;

  @Field(() => String)
  src: string;

  @Field(() => String)
  key: string;

  @Field(() => GraphQLJSONObject, { nullable: true })
  value?: Record<string, unknown>;

  @Field(() => String, { nullable: true })
  ref?: string;

  @Field(() => String, { nullable: true })
  ownerId?: string;

  @Field(() => Boolean)
  owned: boolean;

  @Field(() => Boolean)
  indexed: boolean;

  @Field(() => Boolean)
  secure: boolean;

  @Field(() => Boolean)
  shared: boolean;

  @Field(() => String, { nullable: true })
  linkScope?: string;

  @Field(() => String, { nullable: true })
  linkUrl?: string;

  @Field(() => DateTimeScalar)
  createdAt: Date;

  @Field(() => DateTimeScalar)
  updatedAt: Date;
}
