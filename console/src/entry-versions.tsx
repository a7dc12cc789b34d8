import { useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { formatTime } from './entry-labels';
import { EntryVersionEnvelopeDocument, EntryVersionsDocument } from './generated/graphql';
import { diffDocuments, type DocumentDiff, type FieldChange } from './version-diff';
import './versions-and-files.css';
import { messageOf } from './refusal';

interface VersionRow {
  /** 1 for the first version, counting up. */
  number: number;
  version: string;
  at: string;
  signed: boolean;
  invalid: boolean;
  src: string;
}

/**
 * An entry's versions (number, time, and the version id, a digest of the stored envelope), and a diff between
 * any two of them, chosen with two selects: the previous and the current one at first. Mount it keyed by the
 * entry's version, so that a change made on the page reads them again.
 */
export function EntryVersions({ entryId }: { entryId: string }) {
  const [{ data, error }] = useQuery({ query: EntryVersionsDocument, variables: { id: entryId } });
  const connection = data?.entry?.versions;
  const rows: VersionRow[] = (connection?.edges ?? []).map((edge, index) => ({ number: connection!.totalCount - index, ...edge.node }));
  return (
    <section aria-labelledby="versions-heading">
      <h2 id="versions-heading">Versions</h2>
      {error ? (
        <p role="alert" className="notice">
          Could not read the versions: {messageOf(error)}
        </p>
      ) : !connection ? (
        <p>Loading the versions…</p>
      ) : (
        <>
          <VersionsTable rows={rows} total={connection.totalCount} />
          {rows.length < 2 ? <p>Only one version: nothing to compare yet.</p> : <VersionComparison entryId={entryId} rows={rows} />}
        </>
      )}
    </section>
  );
}

function VersionsTable({ rows, total }: { rows: VersionRow[]; total: number }) {
  return (
    <table className="versions reflow">
      <caption>
        {rows.length < total
          ? `The newest ${rows.length} of ${total} versions, newest first`
          : `${total} ${total === 1 ? 'version' : 'versions'}, newest first`}
      </caption>
      <thead>
        <tr>
          <th scope="col">Number</th>
          <th scope="col">Made</th>
          <th scope="col">Version (digest)</th>
          <th scope="col">Signed, invalid</th>
          <th scope="col">By</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.version} data-version={row.version}>
            <td data-label="Number">{row.number}</td>
            <td data-label="Made">
              <time dateTime={row.at}>{formatTime(row.at)}</time>
            </td>
            <td data-label="Version" className="digest">
              {row.version}
            </td>
            <td data-label="Signed, invalid">
              {[row.signed ? 'signed' : '', row.invalid ? 'invalid' : ''].filter(Boolean).join(', ') || '—'}
            </td>
            <td data-label="By">{row.src}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const versionLabel = (row: VersionRow) => `${row.number} (${row.version}, ${formatTime(row.at)})`;

/** One end of the comparison: a labelled choice among the versions. */
function VersionSelect(props: { id: string; label: string; rows: VersionRow[]; value: string; onChange: (version: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        {props.rows.map((row) => (
          <option key={row.version} value={row.version}>
            {versionLabel(row)}
          </option>
        ))}
      </select>
    </div>
  );
}

function VersionComparison({ entryId, rows }: { entryId: string; rows: VersionRow[] }) {
  const [olderVersion, setOlder] = useState(rows[1].version);
  const [newerVersion, setNewer] = useState(rows[0].version);
  const [older] = useQuery({ query: EntryVersionEnvelopeDocument, variables: { id: entryId, version: olderVersion } });
  const [newer] = useQuery({ query: EntryVersionEnvelopeDocument, variables: { id: entryId, version: newerVersion } });
  const olderData = older.data?.entryVersion?.version === olderVersion ? older.data.entryVersion.data : undefined;
  const newerData = newer.data?.entryVersion?.version === newerVersion ? newer.data.entryVersion.data : undefined;
  const diff = useMemo(() => (olderData && newerData ? diffDocuments(olderData, newerData) : undefined), [olderData, newerData]);
  const problem = older.error ?? newer.error;
  const numberOf = (version: string) => rows.find((row) => row.version === version)?.number;
  return (
    <div className="version-comparison">
      <h3 id="diff-heading">Compare two versions</h3>
      <div className="filters">
        <VersionSelect id="diff-from" label="From version" rows={rows} value={olderVersion} onChange={setOlder} />
        <VersionSelect id="diff-to" label="To version" rows={rows} value={newerVersion} onChange={setNewer} />
      </div>
      {problem ? (
        <p role="alert" className="notice">
          Could not read a version: {messageOf(problem)}
        </p>
      ) : !diff ? (
        <p role="status">Loading the two versions…</p>
      ) : (
        <DiffListing diff={diff} from={numberOf(olderVersion)} to={numberOf(newerVersion)} />
      )}
    </div>
  );
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;

const CHANGE_WORDS: Record<FieldChange['kind'], string> = { changed: 'changed', added: 'added', removed: 'removed' };

/** One changed field: its path, and its value before and after (— where it had none). */
function ChangeRow({ change }: { change: FieldChange }) {
  const before = change.kind === 'added' ? undefined : change.before;
  const after = change.kind === 'removed' ? undefined : change.after;
  return (
    <tr data-change={change.kind}>
      <th scope="row" data-label="Field" className="field-path">
        {change.path}
      </th>
      <td data-label="Change">{CHANGE_WORDS[change.kind]}</td>
      <td data-label="Before">{before === undefined ? '—' : <del>{before}</del>}</td>
      <td data-label="After">{after === undefined ? '—' : <ins>{after}</ins>}</td>
    </tr>
  );
}

/** The comparison as a table of the fields that differ ("lines[0].quantity 20 → 2"), the count of any left out below it. */
function DiffListing({ diff, from, to }: { diff: DocumentDiff; from?: number; to?: number }) {
  if (diff.gaveUp) {
    return <p role="status">These two versions differ too much to compare here; download both envelopes to compare them.</p>;
  }
  const { changed, added, removed } = diff.counts;
  const summary =
    changed + added + removed === 0
      ? `The documents of versions ${from} and ${to} are the same.`
      : `From version ${from} to ${to}: ${plural(changed, 'field changed', 'fields changed')}, ${plural(added, 'added', 'added')}, ${plural(removed, 'removed', 'removed')}.`;
  return (
    <>
      <p role="status" data-field="diff-summary">
        {summary}
      </p>
      {diff.changes.length > 0 ? (
        <table className="field-changes reflow" data-field="diff">
          <caption>
            Fields of the document that differ, from version {from} to {to}
          </caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Change</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {diff.changes.map((change) => (
              <ChangeRow key={`${change.kind} ${change.path}`} change={change} />
            ))}
          </tbody>
        </table>
      ) : null}
      {diff.leftOut > 0 ? (
        <p className="notice" data-field="diff-left-out">
          Listing cut at {plural(diff.changes.length, 'change', 'changes')}: {plural(diff.leftOut, 'more change', 'more changes')} not
          shown.
        </p>
      ) : null}
    </>
  );
}
