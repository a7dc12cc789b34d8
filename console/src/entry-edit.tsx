import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { UpdateEntryDocument } from './generated/graphql';
import { JsonEditor, type JsonEditorHandle, type JsonProblem } from './json-editor';
import { readJsonSource } from './json-source';
import { refusalOfGraphQL } from './refusal';

/**
 * "Edit": a JSON merge patch (RFC 7396) of the entry's envelope, saved as a new version through `updateEntry`,
 * only if the entry is still at the version shown. The new version, or the refusal's faults at their paths.
 */
export function EntryEdit({ entryId, version, onSaved }: { entryId: string; version: string; onSaved(): void }) {
  const [text, setText] = useState('{}');
  const [problem, setProblem] = useState<JsonProblem>();
  const [saved, setSaved] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [, updateEntry] = useMutation(UpdateEntryDocument);
  const editor = useRef<JsonEditorHandle>(null);
  const outcome = useRef<HTMLParagraphElement>(null);
  const source = useMemo(() => readJsonSource(text), [text]);

  const refuse = (found: JsonProblem) => {
    setSaved(undefined);
    setProblem(found);
    setTimeout(() => editor.current?.showProblem(), 0);
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!source.ok) return refuse({ kind: 'syntax', message: source.message, place: source.place });
    setProblem(undefined);
    setSaved(undefined);
    setBusy(true);
    const answer = await updateEntry({ input: { id: entryId, data: source.value, contentType: 'application/merge-patch+json', expectedVersion: version } });
    setBusy(false);
    if (answer.error) return refuse({ kind: 'refused', refusal: refusalOfGraphQL(answer.error) });
    const now = answer.data?.updateEntry.entry.version;
    setProblem(undefined);
    setSaved(now === version ? `Nothing changed: still version ${now}.` : `Saved as version ${now}.`);
    onSaved();
    setTimeout(() => outcome.current?.focus(), 0);
  };

  return (
    <section aria-labelledby="edit-heading">
      <h2 id="edit-heading">Edit</h2>
      <form className="entry-edit" onSubmit={save} aria-busy={busy}>
        <JsonEditor
          ref={editor}
          id="patch-text"
          label="Merge patch of the envelope (JSON)"
          help={
            <>
              Members given replace the envelope's, <code>null</code> removes one, objects merge and lists are replaced
              whole; for example <code>{'{"doc": {"notes": [{"text": "Paid by transfer"}]}}'}</code>. Version {version} is
              being edited.
            </>
          }
          text={text}
          onText={(next) => {
            setText(next);
            setProblem(undefined);
          }}
          problem={problem}
          places={source.ok ? source.places : undefined}
          asEnvelope
        />
        <p className="actions">
          <button type="submit" aria-disabled={busy}>
            Save
          </button>{' '}
          <span role="status" className="hint">
            {busy ? 'Saving…' : ''}
          </span>
        </p>
        {saved ? (
          <p ref={outcome} tabIndex={-1} className="saved" data-field="saved-version">
            {saved}
          </p>
        ) : null}
      </form>
    </section>
  );
}
