import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from 'urql';
import { ConsoleLink } from './console-link';
import { formatTime } from './entry-labels';
import { SeriesCodesDocument, type SeriesCodesQuery } from './generated/graphql';
import { messageOf } from './refusal';
import { seriesListPath } from './router';
import { codeOf, codesIssued } from './series-form';
import { SeriesVerification } from './series-verification';
import './sequences-workflows.css';

const PAGE = 20;
type Series = NonNullable<SeriesCodesQuery['seriesById']>;
type Code = Series['entries']['edges'][number]['node'];

function Main({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main">
      <p>
        <ConsoleLink to={seriesListPath()}>← All series</ConsoleLink>
      </p>
      <h1>{title}</h1>
      {children}
    </main>
  );
}

/** `key: value` pairs of a code's meta, as given when it was issued. */
const metaText = (meta: Record<string, unknown>) =>
  Object.entries(meta)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');

/**
 * `/console/series/{id}`: one series. Its numbering, its chain checked, and the codes it issued, newest first, a
 * page at a time ("Show older codes").
 */
export function SeriesPage({ id }: { id: string }) {
  const [after, setAfter] = useState<string | null>(null);
  const [codes, setCodes] = useState<Code[]>([]);
  const [{ data, error, fetching }] = useQuery({ query: SeriesCodesDocument, variables: { id, first: PAGE, after } });
  // The series as last read: kept while the next page of its codes is read.
  const [series, setSeries] = useState<Series>();
  const page = data?.seriesById;
  useEffect(() => {
    if (!page) return;
    setSeries(page);
    setCodes((shown) => [
      ...shown,
      ...page.entries.edges.map((edge) => edge.node).filter((code) => !shown.some((other) => other.id === code.id)),
    ]);
  }, [page]);

  if (!series) {
    if (fetching || (page && !error)) return <Main title="Series">Loading…</Main>;
    return (
      <Main title="Series">
        <p role="alert" className="notice">
          {error ? messageOf(error) : 'No such series.'}
        </p>
      </Main>
    );
  }
  const issued = codesIssued(series);
  const more = series.entries.pageInfo.hasNextPage ? series.entries.pageInfo.endCursor : undefined;
  return (
    <Main title={series.name}>
      <dl className="entry-header">
        <dt>Id</dt>
        <dd className="digest">{series.id}</dd>
        {series.code ? (
          <>
            <dt>Code</dt>
            <dd>{series.code}</dd>
          </>
        ) : null}
        {series.description ? (
          <>
            <dt>Description</dt>
            <dd>{series.description}</dd>
          </>
        ) : null}
        <dt>Numbering</dt>
        <dd data-field="numbering">
          prefix <code>{series.prefix || '(none)'}</code>,{' '}
          {series.padding > 0 ? `padded to ${series.padding} digits` : 'the index as it is'}, suffix{' '}
          <code>{series.suffix || '(none)'}</code>, from #{series.start}: <code>{codeOf(series, series.start)}</code>
        </dd>
        <dt>Codes issued</dt>
        <dd data-field="issued">
          {issued.toLocaleString()}
          {series.lastIndex !== null ? (
            <>
              , the last <code>{codeOf(series, series.lastIndex)}</code>
            </>
          ) : null}
        </dd>
        <dt>Next code</dt>
        <dd>
          <code>{codeOf(series, (series.lastIndex ?? series.start - 1) + 1)}</code>
        </dd>
        <dt>Created</dt>
        <dd>
          <time dateTime={series.createdAt}>{formatTime(series.createdAt)}</time>
        </dd>
      </dl>

      <SeriesVerification seriesId={series.id} start={series.start} issued={issued} />

      <section aria-labelledby="codes-heading">
        <h2 id="codes-heading">Codes issued</h2>
        {codes.length === 0 ? (
          <p>No code issued yet.</p>
        ) : (
          <div>
            <table className="series-codes reflow" data-table="codes">
              <caption>
                The newest {codes.length.toLocaleString()} of {issued.toLocaleString()}, newest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Code</th>
                  <th scope="col">Issued</th>
                  <th scope="col">Id</th>
                  <th scope="col">Meta</th>
                </tr>
              </thead>
              <tbody>
                {codes.map((code) => (
                  <tr key={code.id} data-index={code.index}>
                    <td data-label="#" className="align-right">
                      {code.index}
                    </td>
                    <th scope="row" data-label="Code">
                      <code>{code.code}</code>
                    </th>
                    <td data-label="Issued">
                      <time dateTime={code.createdAt}>{formatTime(code.createdAt)}</time>
                    </td>
                    <td data-label="Id" className="digest">
                      {code.id}
                    </td>
                    <td data-label="Meta">{metaText(code.meta)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {more ? (
          <p>
            <button type="button" onClick={() => setAfter(more)} aria-disabled={fetching}>
              Show older codes
            </button>
          </p>
        ) : null}
      </section>
    </Main>
  );
}
