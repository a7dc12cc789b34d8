import { Type, type Static } from '@sinclair/typebox';
import { compileShape, readShaped } from '../shared/shape-check';
import { MAX_ENTRY_META_KEYS, MAX_META_KEY_LENGTH, MAX_META_VALUE_LENGTH, MAX_PADDING } from './series';

/**
 * The bodies of `PUT /sequence/v1/series/{id}` and `PUT /sequence/v1/series/{series_id}/entries/{id}`: the one
 * declaration of those commands' input (the OpenAPI description shows them; SequencesService checks every body
 * against them, for each API). Empty strings and zeros are what the hosted API's Go client sends for members it
 * leaves out, so they read as absent.
 */
const MAX_TEXT = 255;
const MAX_AFFIX = 32;
const MAX_SIG_LENGTH = 4_096;

const text = (description: string, maxLength = MAX_TEXT) =>
  Type.String({ maxLength, description, expected: `a string of at most ${maxLength} characters` });

export const CreateSeriesBody = Type.Object(
  {
    name: Type.Optional(text('The name of the series; its code, or its id, when absent.')),
    code: Type.Optional(text('A code of your own that names the series (`SALES-2026`).')),
    description: Type.Optional(text('What the series is for.', 1_024)),
    prefix: Type.Optional(text('Written before every code (`INV-`).', MAX_AFFIX)),
    suffix: Type.Optional(text('Written after every code (`-F1`).', MAX_AFFIX)),
    padding: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_PADDING,
        description: "The digits an index is padded to with zeros (5: `00001`); 0 or absent: the index's own digits.",
        expected: `an integer from 0 to ${MAX_PADDING}`,
      }),
    ),
    start: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 2 ** 31 - 1,
        description: 'The index of the first entry; 1 when 0 or absent.',
        expected: `an integer from 0 to ${2 ** 31 - 1}`,
      }),
    ),
    sig: Type.Optional(text("Accepted as the hosted API's clients send it; not kept.", MAX_SIG_LENGTH)),
  },
  { $id: 'CreateSeriesBody', additionalProperties: false },
);

export const CreateSeriesEntryBody = Type.Object(
  {
    id: Type.Optional(text("The entry's id again, as the hosted API's Go client repeats it in the body: the path's, or 400.", 64)),
    meta: Type.Optional(
      Type.Record(Type.String({ maxLength: MAX_META_KEY_LENGTH }), Type.String({ maxLength: MAX_META_VALUE_LENGTH }), {
        maxProperties: MAX_ENTRY_META_KEYS,
        description: `Your own key/value pairs, kept with the entry: at most ${MAX_ENTRY_META_KEYS}, keys of at most ${MAX_META_KEY_LENGTH} characters, values of at most ${MAX_META_VALUE_LENGTH}.`,
        expected: `an object of at most ${MAX_ENTRY_META_KEYS} string values`,
      }),
    ),
    sig: Type.Optional(text("A signature of your own over the entry: kept after the service's own in `sigs`.", MAX_SIG_LENGTH)),
  },
  { $id: 'CreateSeriesEntryBody', additionalProperties: false },
);

export type NewSeries = Static<typeof CreateSeriesBody>;
export type NewSeriesEntry = Static<typeof CreateSeriesEntryBody>;

const NEW_SERIES = compileShape(CreateSeriesBody);
const NEW_SERIES_ENTRY = compileShape(CreateSeriesEntryBody);

/** A series' body checked against CreateSeriesBody (400 `input` when it does not fit). */
export const readNewSeries = (body: unknown): NewSeries => readShaped<NewSeries>(NEW_SERIES, body ?? {});
/** An entry's body checked against CreateSeriesEntryBody (400 `input` when it does not fit); no body is no meta. */
export const readNewSeriesEntry = (body: unknown): NewSeriesEntry => readShaped<NewSeriesEntry>(NEW_SERIES_ENTRY, body ?? {});
