import { useQuery, useMutation } from 'urql';
import { ConsoleLink } from './console-link';
import { DocumentEditor } from './document-form/document-editor';
import { typeOfSchemaUrl } from './document-form/document-kinds';
import { draftPath } from './document-form/drafts';
import { prettyJson, useDocumentDraft } from './document-form/use-document-draft';
import { EntrySourceDocument, UpdateEntryDocument } from './generated/graphql';
import { isEnvelope } from './json-source';
import { messageOf, refusalOfGraphQL } from './refusal';
import { entryPath, navigate } from './router';

/** The actions on an entry's page that start from its document: edit it, copy it, and for an invoice, credit it. */
export function EntryActions({ id, docSchema }: { id: string; docSchema: string }) {
  return (
    <nav aria-label="Entry actions" className="entry-actions">
      <ConsoleLink to={entryEditPath(id)}>Edit</ConsoleLink> <ConsoleLink to={draftPath(id, 'copy')}>Duplicate</ConsoleLink>{' '}
      {typeOfSchemaUrl(docSchema) === 'bill/invoice' ? (
        <ConsoleLink to={draftPath(id, 'credit-note')}>Create credit note</ConsoleLink>
      ) : null}
    </nav>
  );
}

export const entryEditPath = (id: string) => `${entryPath(id)}/edit`;

/** `/console/entries/{id}/edit`: the entry's document in its form, saved as a new version of the version shown. */
export function EntryEditPage({ id }: { id: string }) {
  const [{ data, error, fetching }] = useQuery({ query: EntrySourceDocument, variables: { id } });
  const entry = data?.entry;
  return (
    <main id="main" className="wide">
      <p>
        <ConsoleLink to={entryPath(id)}>← Back to the entry</ConsoleLink>
      </p>
      <h1>
        Edit{' '}
        {entry
          ? typeof entry.snippet.code === 'string'
            ? [entry.snippet.series, entry.snippet.code].filter((part) => typeof part === 'string').join('-')
            : entry.id
          : 'entry'}
      </h1>
      {error ? (
        <p role="alert" className="notice">
          {messageOf(error)}
        </p>
      ) : !entry ? (
        <p role="status">{fetching ? 'Loading…' : 'No such entry.'}</p>
      ) : (
        <EntryEditor key={entry.version} id={entry.id} version={entry.version} doc={(entry.data as { doc: unknown }).doc} />
      )}
    </main>
  );
}

/**
 * The editor of one version: Save sends the whole document through `updateEntry`, only if the entry is still at
 * that version (`expectedVersion`), and opens the entry; a refusal (a fault, or a version changed meanwhile)
 * stays here with the faults at their fields.
 */
function EntryEditor({ id, version, doc }: { id: string; version: string; doc: unknown }) {
  const draft = useDocumentDraft(prettyJson(doc));
  const [, updateEntry] = useMutation(UpdateEntryDocument);
  const save = async () => {
    if (draft.busy) return;
    const data = draft.parsed();
    if (!data) return;
    draft.setBusy(true);
    const answer = await updateEntry({ input: { id, data: data.value, expectedVersion: version } });
    draft.setBusy(false);
    if (answer.error) draft.refuse({ kind: 'refused', refusal: refusalOfGraphQL(answer.error, !isEnvelope(data.value)) });
    else navigate(entryPath(id));
  };
  return (
    <div className="entry-edit" aria-busy={draft.busy}>
      <p className="hint">Version {version} is being edited; saving makes a new version, unless the entry changed meanwhile.</p>
      <DocumentEditor
        draft={draft}
        id="edit-text"
        label="Document (GOBL JSON)"
        help="The entry's document: edit it in the form or here. It is calculated as you type; Save stores it as a new version."
        fallbackType={typeOfSchemaUrl((doc as { $schema?: string }).$schema) ?? ''}
        typeChangeable={false}
      >
        <p className="actions">
          <button type="button" onClick={draft.busy ? undefined : () => void draft.calculate(true)} aria-disabled={draft.busy}>
            Calculate
          </button>{' '}
          <button type="button" onClick={() => void save()} aria-disabled={draft.busy}>
            Save
          </button>
        </p>
      </DocumentEditor>
    </div>
  );
}
