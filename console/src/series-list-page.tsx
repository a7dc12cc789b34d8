import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { ConsoleLink } from './console-link';
import { formatTime } from './entry-labels';
import { SeriesListDocument, type SeriesFactsFragment } from './generated/graphql';
import { messageOf } from './refusal';
import { seriesPath } from './router';
import { codeOf, codesIssued, SeriesForm } from './series-form';
import './sequences-workflows.css';

const PAGE = 100;

/** `/console/series`: the workspace's series of codes, oldest first, each with its last code; and a form for a new one. */
export function SeriesListPage() {
  const [after, setAfter] = useState<string | null>(null);
  const [shown, setShown] = useState<SeriesFactsFragment[]>([]);
  const [{ data, error, fetching }] = useQuery({ query: SeriesListDocument, variables: { first: PAGE, after } });
  useEffect(() => {
    if (data)
      setShown((before) => [
        ...before,
        ...data.series.edges.map((edge) => edge.node).filter((series) => !before.some((other) => other.id === series.id)),
      ]);
  }, [data]);
  const more = data?.series.pageInfo.hasNextPage ? data.series.pageInfo.endCursor : undefined;

  return (
    <main id="main">
      <h1>Series</h1>
      <p className="hint">
        Gapless series of codes: each code issued once, in order, signed into a chain that anyone with the service's published keys can
        check.
      </p>
      {error ? (
        <p role="alert" className="notice">
          Could not read the series: {messageOf(error)}
        </p>
      ) : shown.length === 0 ? (
        <p>{fetching ? 'Loading…' : 'No series yet: create one below, or let a workflow’s sequence.enumerate step make it.'}</p>
      ) : (
        <div>
          <table className="series-table reflow" data-table="series">
            <caption>
              {shown.length} series, oldest first{more ? ' (more below)' : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Codes</th>
                <th scope="col">Issued</th>
                <th scope="col">Last code</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((series) => (
                <tr key={series.id} data-series={series.id}>
                  <th scope="row" data-label="Name">
                    <ConsoleLink to={seriesPath(series.id)}>{series.name}</ConsoleLink>
                  </th>
                  <td data-label="Codes">
                    <span>
                      <code>{codeOf(series, series.start)}</code>, <code>{codeOf(series, series.start + 1)}</code>, …
                    </span>
                  </td>
                  <td data-label="Issued" className="align-right">
                    {codesIssued(series).toLocaleString()}
                  </td>
                  <td data-label="Last code">{series.lastIndex === null ? '—' : <code>{codeOf(series, series.lastIndex)}</code>}</td>
                  <td data-label="Created">
                    <time dateTime={series.createdAt}>{formatTime(series.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {more ? (
        <p>
          <button type="button" onClick={() => setAfter(more)}>
            Show more series
          </button>
        </p>
      ) : null}
      <SeriesForm />
    </main>
  );
}
