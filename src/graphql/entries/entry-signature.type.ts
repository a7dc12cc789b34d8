import { Field, ObjectType } from 'type-graphql';

@ObjectType('SignatureCheck', {
  simpleResolvers: true,
  description: 'The check of one signature of the envelope, in the order of its `sigs`.',
})
export class SignatureCheckType {
  @Field(() => String, { nullable: true, description: 'The key the signature names.' })
  kid?: string;

  @Field(() => String, {
    description:
      '`workspace` (the service key, for this workspace), `service` (the service key, for another workspace), `trusted` (a key of SIGNING_TRUSTED_KEYS) or `unknown` (a key the service does not know).',
  })
  by: string;

  @Field(() => Boolean)
  verified: boolean;

  @Field(() => String, { nullable: true, description: 'Why the signature could not be verified.' })
  problem?: string;
}

@ObjectType('EntrySignature', {
  simpleResolvers: true,
  description: "What was verified of a signed envelope's signatures when it was stored.",
})
export class EntrySignatureType {
  @Field(() => Boolean, { description: 'True when every signature verified with a key the service knows.' })
  verified: boolean;

  @Field(() => [SignatureCheckType])
  sigs: SignatureCheckType[];
}
