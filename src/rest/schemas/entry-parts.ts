import { Type } from '@sinclair/typebox';
import { flagSchema } from '../../domain/shared/shape-check';
import { FaultSchema } from './common';
import { anyObjectSchema } from '../../domain/shared/shape-check';

export { StateBody } from '../../domain/entries/entry-state-input';

/** An entry's meta rows, versions and states, and the parameters and bodies that reach them. */

const DATE_TIME = { format: 'date-time' } as const;
const anyObject = (description: string) => anyObjectSchema(description);

export const MetaSchema = Type.Object(
  {
    id: Type.String(),
    entry_id: Type.String(),
    src: Type.String(),
    key: Type.String(),
    value: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    ref: Type.Optional(Type.String()),
    owner_id: Type.Optional(Type.String()),
    owned: Type.Boolean(),
    indexed: Type.Boolean(),
    secure: Type.Boolean(),
    shared: Type.Boolean(),
    link_scope: Type.Optional(Type.String()),
    link_url: Type.Optional(Type.String()),
    created_at: Type.String(DATE_TIME),
    updated_at: Type.String(DATE_TIME),
  },
  { $id: 'Meta', additionalProperties: false },
);

export const MetaParams = Type.Object({
  entry_id: Type.String({ description: "The entry's UUID." }),
  key: Type.String({ description: "The meta row's key." }),
});
export const MetaRefParams = Type.Object({
  key: Type.String({ description: "The meta row's key." }),
  ref: Type.String({ description: "The meta row's reference." }),
});
export const MetaRefQuery = Type.Object({
  owned: Type.Optional(Type.String({ description: "Accepted for compatibility: every lookup is within the token's workspace." })),
});

export const MetaBody = Type.Object(
  {
    ref: Type.Optional(
      Type.String({
        maxLength: 255,
        description: "A value to find the row by without the entry's id.",
        expected: 'a string of at most 255 characters',
      }),
    ),
    value: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Any JSON object.', expected: 'an object' })),
    url: Type.Optional(
      Type.String({
        maxLength: 2048,
        pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
        description: 'A link for more about the row (shown as `link_url`): an absolute http or https URL.',
        expected: 'an absolute http or https URL of at most 2048 characters',
      }),
    ),
    scope: Type.Optional(
      Type.String({
        maxLength: 64,
        description: 'Where the link may be shown (shown as `link_scope`).',
        expected: 'a string of at most 64 characters',
      }),
    ),
    indexed: Type.Optional(flagSchema("The row's reference and values are found by search.")),
    owned: Type.Optional(flagSchema('The row is indexed by owner.')),
    secure: Type.Optional(flagSchema("The row is left out of the entry's `meta` list: only a request for its key returns it.")),
    shared: Type.Optional(flagSchema('The row may be shown to other applications.')),
  },
  { $id: 'MetaBody', additionalProperties: false },
);

export const EntryVersionParams = Type.Object({
  id: Type.String({ description: "The entry's UUID." }),
  version: Type.String({ description: 'A version of the entry, from its `versions`.' }),
});
export const EntryPdfQuery = Type.Object({
  version: Type.Optional(Type.String({ description: 'A version of the entry, from its `versions`; the current one by default.' })),
});
export const PdfSchema = Type.String({ contentMediaType: 'application/pdf', description: 'An A4 PDF with its fonts embedded.' });
export const EntryStatesParams = Type.Object({ entry_id: Type.String({ description: "The entry's UUID." }) });
export const EntryStateParams = Type.Object({
  entry_id: Type.String({ description: "The entry's UUID." }),
  at: Type.String({ description: 'When the state holds from: RFC 3339 with milliseconds.', examples: ['2026-11-24T10:00:00.000Z'] }),
});

export const EntryDataSchema = Type.Object(
  { version: Type.String(), data: anyObject('The envelope of that version.') },
  { $id: 'EntryData', additionalProperties: false, description: "One version of an entry's envelope." },
);

export const StateSchema = Type.Object(
  {
    id: Type.String(),
    key: Type.String(),
    notes: Type.Optional(Type.String()),
    meta: Type.Optional(Type.Record(Type.String(), Type.String())),
    src: Type.String({ description: "What added it: `api`, or `transform` for a job's step." }),
    src_id: Type.Optional(Type.String({ format: 'uuid', description: 'With `transform`: the intent of the job step that added it.' })),
    created_at: Type.String({ ...DATE_TIME, description: 'When the state holds from.' }),
    faults: Type.Array(FaultSchema),
  },
  { $id: 'State', additionalProperties: false },
);

export const StateListSchema = Type.Object(
  { list: Type.Array(StateSchema, { description: 'Newest first.' }) },
  { $id: 'StateList', additionalProperties: false },
);
