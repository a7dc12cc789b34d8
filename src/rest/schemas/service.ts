import { Type } from '@sinclair/typebox';
import { uuidSchema } from '../../domain/shared/shape-check';
import { UUID_VERSIONS } from '../../domain/entries/model/uuid-request';
import { anyObjectSchema } from '../../domain/shared/shape-check';

/** The service itself: its signing keys, GOBL answers, ping, UUIDs and health. */

const uuid = uuidSchema;
const anyObject = (description: string) => anyObjectSchema(description);

export const JwksSchema = Type.Object(
  { keys: Type.Array(Type.Object({ kty: Type.String(), kid: Type.String() }, { additionalProperties: true })) },
  { $id: 'Jwks', description: "The public keys of the service's envelope signatures." },
);

export const GoblAnswerSchema = Type.Object(
  { data: anyObject('The envelope, the document, or the schema of options.') },
  { $id: 'GOBL', additionalProperties: false },
);

export const PingSchema = Type.Object({ ping: Type.Literal('pong') }, { additionalProperties: false });

export const UuidQuery = Type.Object({
  v: Type.Optional(
    Type.Union(
      UUID_VERSIONS.map((v) => Type.Literal(v)),
      { description: 'UUID version; 4 when absent.', expected: `one of ${UUID_VERSIONS.join(', ')}` },
    ),
  ),
  base: Type.Optional(uuid('Namespace UUID, for versions 3 and 5.')),
  key: Type.Optional(Type.String({ description: 'Name, for versions 3 and 5.' })),
});

export const UuidSchema = Type.Object(
  { uuid: uuidSchema('A new UUID.'), version: Type.Union(UUID_VERSIONS.map((v) => Type.Literal(v))) },
  { additionalProperties: false },
);

export const HealthSchema = Type.Object({ status: Type.String() }, { additionalProperties: false });
