import { Field, ObjectType } from 'type-graphql';

@ObjectType('Fault', { simpleResolvers: true, description: 'A problem raised while processing the entry.' })
export class FaultType {
  @Field(() => String)
  provider: string;

  @Field(() => String, { description: 'Stable fault code, such as GOBL-BILL-INVOICE-06.' })
  code: string;

  @Field(() => String)
  message: string;

  @Field(() => [String], { description: 'JSON paths into the envelope.' })
  paths: string[];
}
