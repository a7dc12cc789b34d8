import { Field, ObjectType } from 'type-graphql';

@ObjectType('Digest', { simpleResolvers: true, description: 'Digest of the envelope, copied from its head.' })
export class DigestType {
  @Field(() => String, { description: 'Algorithm, such as "sha256".' })
  alg: string;

  @Field(() => String, { description: 'Digest value in hexadecimal.' })
  val: string;
}
