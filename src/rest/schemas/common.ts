import { Type } from '@sinclair/typebox';
import { ERROR_KEYS } from '../../domain/shared/errors';

/** The schemas every part of the REST API shares: its refusals, their faults, a digest. */

export const ErrorFieldsSchema = Type.Record(Type.String(), Type.Unknown(), {
  $id: 'ErrorFields',
  description: "Messages nested as the request's properties: each leaf names what is wrong with the property at its path.",
});

export const FaultSchema = Type.Object(
  {
    provider: Type.String({ description: 'Who found the fault: `gobl` for the document engine.' }),
    code: Type.String({ description: 'The rule that failed.' }),
    message: Type.String(),
    paths: Type.Array(Type.String(), { description: 'JSON paths of the values at fault.' }),
  },
  { $id: 'Fault', additionalProperties: false },
);

export const ErrorSchema = Type.Object(
  {
    key: Type.Union(
      ERROR_KEYS.map((key) => Type.Literal(key)),
      { description: 'What kind of refusal: it fixes the status.' },
    ),
    code: Type.Union(
      ERROR_KEYS.map((key) => Type.Literal(key)),
      { description: "The same as `key`, for the hosted API's clients, which read `code`." },
    ),
    message: Type.String(),
    fields: Type.Optional(ErrorFieldsSchema),
    faults: Type.Optional(Type.Array(FaultSchema)),
  },
  {
    $id: 'Error',
    additionalProperties: false,
    description:
      'Every refusal: 4xx with the key of the contract, 503 `unavailable` (with Retry-After) when the database cannot serve, or 500 `internal`.',
  },
);

export const DigestSchema = Type.Object(
  { alg: Type.String({ examples: ['sha256'] }), val: Type.String() },
  { $id: 'Digest', additionalProperties: false },
);
