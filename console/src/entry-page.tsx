import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery } from 'urql';
import { ConsoleLink } from './console-link';
import { EntryBadges } from './entry-badges';
import { EntryActions } from './entry-edit';
import { EntryJobs } from './entry-jobs';
import { EntryVersions } from './entry-versions';
import { documentType, entryHeading, entryTitle, formatDate, formatTime, STATES } from './entry-labels';
import { FileUpload } from './file-upload';
import { AddEntryStateDocument, EntryDocument } from './generated/graphql';
import { PdfAttachButton } from './pdf-attach-button';
import { PdfDownloadButton } from './pdf-download-button';
import { FormatDownload } from './format-download';
import { ReceivedEinvoice } from './received-einvoice';
import { entryPath, listPath } from './router';
import { DocumentRendering } from './view/document-rendering';
import type { Envelope } from '../../src/document/base/types';
import { messageOf } from './refusal';

const INVOICE_SCHEMA = 'https://gobl.org/draft-0/bill/invoice';
type ReceivedProps = Parameters<typeof ReceivedEinvoice>[0];

/** An envelope's document's totals, as the service calculated them. */
const totalsOf = (data: unknown): Record<string, unknown> =>
  ((data as { doc?: { totals?: Record<string, unknown> } } | null)?.doc?.totals ?? {}) as Record<string, unknown>;

/** One entry: what it is, its document as a person reads it (and as a PDF), its JSON, its states (and a form to add one), files, meta rows and related entries. */
export function EntryPage({ id }: { id: string }) {
  const [{ data, fetching, error }, refetch] = useQuery({ query: EntryDocument, variables: { id } });
  const entry = data?.entry;
  if (fetching && !entry) return <Main title="Entry">Loading…</Main>;
  if (error || !entry) {
    return (
      <Main title="Entry">
        <p role="alert" className="notice">
          {error ? messageOf(error) : 'No such entry.'}
        </p>
      </Main>
    );
  }
  const json = JSON.stringify(entry.data, null, 2);
  const received = entry.meta.find((row) => row.key === 'einvoice' && row.src === 'api')?.value as ReceivedProps['received'] | undefined;
  return (
    <Main title={entryHeading(entry.docSchema, entry.snippet)}>
      <dl className="entry-header">
        <dt>Type</dt>
        <dd>{documentType(entry.docSchema, entry.snippet)}</dd>
        <dt>Series and code</dt>
        <dd data-field="numbering">{entryTitle(entry.snippet)}</dd>
        <dt>Folder</dt>
        <dd>{entry.folder}</dd>
        <dt>State</dt>
        <dd>
          <EntryBadges state={entry.state ?? 'none'} signed={entry.signed} invalid={entry.invalid} />
        </dd>
        {typeof entry.snippet.issue_date === 'string' ? (
          <>
            <dt>Issue date</dt>
            <dd>{formatDate(entry.snippet.issue_date)}</dd>
          </>
        ) : null}
        <dt>Created</dt>
        <dd>
          <time dateTime={entry.createdAt}>{formatTime(entry.createdAt)}</time>
        </dd>
        <dt>Updated</dt>
        <dd>
          <time dateTime={entry.updatedAt}>{formatTime(entry.updatedAt)}</time>
        </dd>
        <dt>Digest</dt>
        <dd className="digest" data-field="digest">
          {entry.digest.alg}:{entry.digest.val}
        </dd>
        {entry.key ? (
          <>
            <dt>Key</dt>
            <dd>{entry.key}</dd>
          </>
        ) : null}
      </dl>

      <EntryActions id={entry.id} docSchema={entry.docSchema} />
      <div className="pdf-actions">
        <PdfDownloadButton entryId={entry.id} />
        <PdfAttachButton entryId={entry.id} onAttached={() => refetch({ requestPolicy: 'network-only' })} />
        {entry.docSchema === INVOICE_SCHEMA ? <FormatDownload entryId={entry.id} /> : null}
      </div>
      <DocumentRendering envelope={entry.data as Envelope} faults={entry.faults} />
      {received ? <ReceivedEinvoice received={received} totals={totalsOf(entry.data)} files={entry.attachments} /> : null}

      <Timeline
        entryId={entry.id}
        states={entry.states.edges.map((edge) => edge.node)}
        onAdded={() => refetch({ requestPolicy: 'network-only' })}
      />
      <EntryJobs entryId={entry.id} docSchema={entry.docSchema} onChanged={() => refetch({ requestPolicy: 'network-only' })} />

      <section aria-labelledby="files-heading">
        <h2 id="files-heading">Files</h2>
        {entry.attachments.length === 0 ? (
          <p>No files.</p>
        ) : (
          <ul className="files">
            {entry.attachments.map((file) => (
              <li key={file.id}>
                {file.url ? (
                  <a href={file.url} download={file.name}>
                    {file.name}
                  </a>
                ) : (
                  file.name
                )}{' '}
                <span className="hint">
                  {file.mime}, {file.size.toLocaleString()} bytes
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <FileUpload entryId={entry.id} onUploaded={() => refetch({ requestPolicy: 'network-only' })} />
      <EntryVersions key={entry.version} entryId={entry.id} />

      <section aria-labelledby="meta-heading">
        <h2 id="meta-heading">Meta</h2>
        {entry.meta.length === 0 ? (
          <p>No meta rows.</p>
        ) : (
          <table className="meta">
            <thead>
              <tr>
                <th scope="col">Source</th>
                <th scope="col">Key</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {entry.meta.map((row) => (
                <tr key={row.id}>
                  <td>{row.src}</td>
                  <td>{row.key}</td>
                  <td>
                    <code>{JSON.stringify(row.value)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="related-heading">
        <h2 id="related-heading">Related entries</h2>
        {entry.related.edges.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul className="related">
            {entry.related.edges.map((edge) => (
              <li key={edge.node.id}>
                <ConsoleLink to={entryPath(edge.node.id)}>{entryHeading(edge.node.docSchema, edge.node.snippet)}</ConsoleLink>{' '}
                <span className="hint">({edge.context})</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="json-heading">
        <details className="json-details">
          <summary>
            <h2 id="json-heading">Envelope (JSON)</h2>
          </summary>
          <CopyButton text={json} />
          <pre className="json" tabIndex={0} aria-label="The entry's envelope as JSON" data-field="json">
            {json}
          </pre>
        </details>
      </section>
    </Main>
  );
}

function Main({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main">
      <p>
        <ConsoleLink to={listPath()}>← All entries</ConsoleLink>
      </p>
      <h1>{title}</h1>
      {children}
    </main>
  );
}

function CopyButton({ text }: { text: string }) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid('Copied.');
    } catch {
      setSaid('Could not copy: select the text instead.');
    }
  };
  return (
    <p>
      <button type="button" onClick={copy}>
        Copy JSON
      </button>{' '}
      <span role="status">{said}</span>
    </p>
  );
}

interface StateRow {
  id: string;
  key: string;
  at: string;
  notes?: string | null;
  src: string;
}

/** The entry's states, newest first, and a form to add one with notes. */
function Timeline({ entryId, states, onAdded }: { entryId: string; states: StateRow[]; onAdded(): void }) {
  const [key, setKey] = useState(STATES[0]);
  const [notes, setNotes] = useState('');
  const [{ fetching, error }, addState] = useMutation(AddEntryStateDocument);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await addState({ input: { entryId, key, notes: notes.trim() || null } });
    if (!result.error) {
      setNotes('');
      onAdded();
    }
  };
  return (
    <section aria-labelledby="states-heading">
      <h2 id="states-heading">States</h2>
      {states.length === 0 ? (
        <p>No states yet.</p>
      ) : (
        <ol className="timeline">
          {states.map((state) => (
            <li key={state.id} data-state={state.key}>
              <strong>{state.key}</strong> <time dateTime={state.at}>{formatTime(state.at)}</time>{' '}
              <span className="hint">by {state.src}</span>
              {state.notes ? <p className="notes">{state.notes}</p> : null}
            </li>
          ))}
        </ol>
      )}
      <form className="add-state" onSubmit={submit}>
        <h3>Add a state</h3>
        <div className="field">
          <label htmlFor="state-key">State</label>
          <select id="state-key" value={key} onChange={(event) => setKey(event.target.value)}>
            {STATES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="state-notes">Notes</label>
          <textarea id="state-notes" rows={2} value={notes} onChange={(event) => setNotes(event.target.value)} />
        </div>
        <button type="submit" disabled={fetching}>
          Add state
        </button>
        {error ? (
          <p role="alert" className="notice">
            {messageOf(error)}
          </p>
        ) : null}
      </form>
    </section>
  );
}
