import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { fieldErrorsOf } from './field-errors';
import { PutSeriesDocument, type SeriesFactsFragment } from './generated/graphql';
import { newId } from './new-id';
import { messageOf } from './refusal';
import { navigate, seriesPath } from './router';

type Numbering = Pick<SeriesFactsFragment, 'prefix' | 'suffix' | 'padding'>;

/** A code of the series as it writes them: prefix, the index padded with zeros, suffix. */
export const codeOf = (series: Numbering, index: number): string =>
  `${series.prefix}${String(index).padStart(series.padding, '0')}${series.suffix}`;

/** How many codes a series has issued: none before its first, then every index from its start to its last. */
export const codesIssued = (series: Pick<SeriesFactsFragment, 'start' | 'lastIndex'>): number =>
  series.lastIndex === null ? 0 : series.lastIndex - series.start + 1;

const FIELDS = [
  { name: 'name', label: 'Name', hint: 'How the series is listed, such as Sales 2026.' },
  { name: 'prefix', label: 'Prefix', hint: 'Written before every code, such as INV-.' },
  { name: 'padding', label: 'Padding', hint: 'The digits an index is padded to with zeros, 0 to 20: 5 writes 00001.' },
  { name: 'start', label: 'Start', hint: 'The index of the first code; 1 when empty.' },
  { name: 'suffix', label: 'Suffix', hint: 'Written after every code, such as -A.' },
] as const;
type FieldName = (typeof FIELDS)[number]['name'];
const NUMBERS: FieldName[] = ['padding', 'start'];
/** The service's most digits (it refuses more); the example is written with at most these. */
const MAX_PADDING = 20;

/** A whole number as typed, or the text itself (GraphQL then says why it is no Int); empty: absent. */
const numberOf = (text: string): number | string | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/**
 * A new series (`putSeries` with an id of the console's making): name, prefix, padding, start and suffix, each
 * refusal shown at its field and summed up above them; made, its page opens. The prefix, padding, start and suffix
 * are fixed once it has issued a code.
 */
export function SeriesForm() {
  const [values, setValues] = useState<Record<FieldName, string>>({ name: '', prefix: '', padding: '5', start: '', suffix: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [refusal, setRefusal] = useState<string>();
  const [{ fetching }, putSeries] = useMutation(PutSeriesDocument);
  const example = codeOf(
    { prefix: values.prefix, suffix: values.suffix, padding: Math.min(Number(values.padding) || 0, MAX_PADDING) },
    Number(values.start) || 1,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (fetching) return;
    const input: Record<string, unknown> = {};
    for (const { name } of FIELDS) {
      const value = NUMBERS.includes(name) ? numberOf(values[name]) : values[name].trim();
      if (value !== null && value !== '') input[name] = value;
    }
    const answer = await putSeries({ id: newId(), input });
    if (answer.error) {
      setErrors(fieldErrorsOf(answer.error));
      setRefusal(messageOf(answer.error));
      return;
    }
    if (answer.data) navigate(seriesPath(answer.data.putSeries.series.id));
  };

  return (
    <form className="series-form" onSubmit={submit} noValidate aria-labelledby="new-series-heading">
      <h2 id="new-series-heading">New series</h2>
      {refusal ? (
        <p role="alert" className="notice" data-field="series-refusal">
          The service refused the series: {refusal}
        </p>
      ) : null}
      <div className="series-fields">
        {FIELDS.map(({ name, label, hint }) => {
          const error = errors[name];
          return (
            <div className="field" key={name}>
              <label htmlFor={`series-${name}`}>{label}</label>
              <input
                id={`series-${name}`}
                name={name}
                inputMode={NUMBERS.includes(name) ? 'numeric' : undefined}
                autoComplete="off"
                value={values[name]}
                aria-invalid={error ? true : undefined}
                aria-describedby={`series-${name}-hint${error ? ` series-${name}-error` : ''}`}
                onChange={(event) => setValues((shown) => ({ ...shown, [name]: event.target.value }))}
              />
              <p id={`series-${name}-hint`} className="hint">
                {hint}
              </p>
              {error ? (
                <p id={`series-${name}-error`} className="field-error">
                  {label}: {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <p className="hint series-example" data-field="series-example">
        Its first code: <code>{example}</code>
      </p>
      <button type="submit" aria-disabled={fetching}>
        Create series
      </button>
    </form>
  );
}
