import { useEffect, useState } from 'react';
import { useClient, useMutation } from 'urql';
import { ConsoleLink } from './console-link';
import { DocumentEditor } from './document-form/document-editor';
import { schemaUrlOf } from './document-form/document-kinds';
import { creditNoteOf, draftRequest, duplicateOf, type DraftFrom } from './document-form/drafts';
import { prettyJson, useDocumentDraft } from './document-form/use-document-draft';
import { CreateEntryDocument, EntrySourceDocument } from './generated/graphql';
import { isEnvelope } from './json-source';
import { messageOf, refusalOfGraphQL } from './refusal';
import { entryPath, listPath, navigate } from './router';

const START = prettyJson({ $schema: schemaUrlOf('bill/invoice') });
/** `F-0001`, from an entry's snippet; its id when the document has no code. */
const titleOf = (snippet: Record<string, unknown>, id: string) =>
  typeof snippet.code === 'string' ? [snippet.series, snippet.code].filter((part) => typeof part === 'string').join('-') : id;

const FROM_LABEL: Record<DraftFrom, string> = { copy: 'A copy of', 'credit-note': 'A credit note of' };

/**
 * A new entry, written in the form of its type or as JSON (pasted, dropped as a file, or typed): the service
 * calculates it as one types, "Calculate" shows it at once, "Store" creates the entry and opens its page. With
 * `?from=<id>&as=copy|credit-note` it starts from that entry's document: a copy without its identity, or GOBL's
 * credit note of an invoice.
 */
export function CreatePage() {
  const draft = useDocumentDraft(START);
  const [key, setKey] = useState('');
  const [folder, setFolder] = useState('');
  const [origin, setOrigin] = useState<{ as: DraftFrom; id: string; title?: string; failed?: string }>();
  const [, createEntry] = useMutation(CreateEntryDocument);
  const client = useClient();

  useEffect(() => {
    const asked = draftRequest(window.location.search);
    if (!asked) return;
    setOrigin({ as: asked.as, id: asked.from });
    void (async () => {
      const found = await client.query(EntrySourceDocument, { id: asked.from }).toPromise();
      const entry = found.data?.entry;
      if (!entry) return setOrigin({ ...asked, id: asked.from, failed: found.error ? messageOf(found.error) : 'no such entry' });
      const envelope = entry.data as { doc: Record<string, unknown> };
      setOrigin({ as: asked.as, id: entry.id, title: titleOf(entry.snippet, entry.id) });
      if (asked.as === 'copy') return draft.setText(prettyJson(duplicateOf(envelope.doc)));
      const made = await creditNoteOf(envelope);
      if ('doc' in made) draft.setText(prettyJson(made.doc));
      else setOrigin({ as: asked.as, id: entry.id, title: titleOf(entry.snippet, entry.id), failed: made.refusal.message });
    })();
    // Once, from the address the page was opened at.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const store = async () => {
    if (draft.busy) return;
    const data = draft.parsed();
    if (!data) return;
    draft.setBusy(true);
    const answer = await createEntry({ input: { data: data.value, key: key.trim() || null, folder: folder.trim() || null } });
    draft.setBusy(false);
    if (answer.error) draft.refuse({ kind: 'refused', refusal: refusalOfGraphQL(answer.error, !isEnvelope(data.value)) });
    else if (answer.data) navigate(entryPath(answer.data.createEntry.entry.id));
  };

  return (
    <main id="main" className="wide">
      <p>
        <ConsoleLink to={listPath()}>← All entries</ConsoleLink>
      </p>
      <h1>New entry</h1>
      {origin ? (
        <p data-field="draft-origin" role={origin.failed ? 'alert' : undefined} className={origin.failed ? 'notice' : 'hint'}>
          {FROM_LABEL[origin.as]} <ConsoleLink to={entryPath(origin.id)}>{origin.title ?? origin.id}</ConsoleLink>
          {origin.failed ? `: could not be made (${origin.failed}).` : ', not stored yet.'}
        </p>
      ) : null}
      {/* Not a <form>: Enter in one of the form's fields must not store the entry. */}
      <div className="create-entry" aria-busy={draft.busy}>
        <DocumentEditor
          draft={draft}
          id="document-text"
          label="Document (GOBL JSON)"
          help="Fill in the form, or paste a GOBL document or envelope, or drop a .json file here. It is calculated as you type; Store creates the entry."
          fallbackType="bill/invoice"
          typeChangeable
        >
          <div className="field">
            <label htmlFor="entry-key">Key (optional)</label>
            <input id="entry-key" value={key} onChange={(event) => setKey(event.target.value)} autoComplete="off" />
          </div>
          <div className="field">
            <label htmlFor="entry-folder">Folder (optional, chosen from the document's type when empty)</label>
            <input id="entry-folder" value={folder} onChange={(event) => setFolder(event.target.value)} autoComplete="off" />
          </div>
          <p className="actions">
            <button type="button" onClick={draft.busy ? undefined : () => void draft.calculate(true)} aria-disabled={draft.busy}>
              Calculate
            </button>{' '}
            <button type="button" onClick={() => void store()} aria-disabled={draft.busy}>
              Store
            </button>
          </p>
        </DocumentEditor>
      </div>
    </main>
  );
}
