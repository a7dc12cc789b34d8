import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { ConsoleLink } from './console-link';
import { CreateEntryDocument } from './generated/graphql';
import { JsonEditor, type JsonEditorHandle, type JsonProblem } from './json-editor';
import { isEnvelope, readJsonSource } from './json-source';
import { refusalOf, refusalOfGraphQL } from './refusal';
import { entryPath, listPath, navigate } from './router';
import { readToken } from './token-store';
import { DocumentRendering } from './view/document-rendering';
import type { Envelope } from '../../src/document/base/types';

/** The stateless build route: the document normalised, calculated and validated, as an envelope; nothing stored. */
async function calculate(data: unknown): Promise<{ envelope: Envelope } | { problem: JsonProblem }> {
  const response = await fetch('/silo/v1/gobl/build', {
    method: 'POST',
    headers: { authorization: `Bearer ${readToken() ?? ''}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data, envelop: true }),
  });
  const body = (await response.json().catch(() => undefined)) as { data?: Envelope } | undefined;
  if (response.ok && body?.data) return { envelope: body.data };
  return { problem: { kind: 'refused', refusal: refusalOf(body as never, `the service answered ${response.status}`, !isEnvelope(data)) } };
}

/**
 * A new entry from a pasted or dropped document: "Calculate" shows it as the service would store it (the same
 * rendering as an entry's page), "Store" creates the entry and opens its page. Refusals stand below the text,
 * each fault at its path and line.
 */
export function CreatePage() {
  const [text, setText] = useState('');
  const [key, setKey] = useState('');
  const [folder, setFolder] = useState('');
  const [problem, setProblem] = useState<JsonProblem>();
  const [calculated, setCalculated] = useState<Envelope>();
  const [busy, setBusy] = useState(false);
  const [, createEntry] = useMutation(CreateEntryDocument);
  const editor = useRef<JsonEditorHandle>(null);
  const result = useRef<HTMLDivElement>(null);
  const source = useMemo(() => readJsonSource(text), [text]);
  const places = source.ok ? source.places : undefined;

  const edit = (next: string) => {
    setText(next);
    // What was calculated or refused was about the earlier text.
    setCalculated(undefined);
    setProblem(undefined);
  };
  const refuse = (found: JsonProblem) => {
    setCalculated(undefined);
    setProblem(found);
    // After React has drawn the summary.
    setTimeout(() => editor.current?.showProblem(), 0);
  };
  /** The pasted value, or undefined after reporting why the text is not JSON. */
  const parsed = (): { value: unknown } | undefined => {
    if (source.ok) return { value: source.value };
    refuse({ kind: 'syntax', message: source.message, place: source.place });
    return undefined;
  };

  const runCalculate = async () => {
    const data = parsed();
    if (!data) return;
    setProblem(undefined);
    setBusy(true);
    try {
      const answer = await calculate(data.value);
      if ('problem' in answer) refuse(answer.problem);
      else {
        setProblem(undefined);
        setCalculated(answer.envelope);
        setTimeout(() => result.current?.focus(), 0);
      }
    } catch (error) {
      refuse({ kind: 'refused', refusal: { key: 'network', message: error instanceof Error ? error.message : String(error), faults: [] } });
    } finally {
      setBusy(false);
    }
  };
  const store = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const data = parsed();
    if (!data) return;
    setProblem(undefined);
    setBusy(true);
    const answer = await createEntry({ input: { data: data.value, key: key.trim() || null, folder: folder.trim() || null } });
    setBusy(false);
    if (answer.error) refuse({ kind: 'refused', refusal: refusalOfGraphQL(answer.error, !isEnvelope(data.value)) });
    else if (answer.data) navigate(entryPath(answer.data.createEntry.entry.id));
  };

  return (
    <main id="main">
      <p>
        <ConsoleLink to={listPath()}>← All entries</ConsoleLink>
      </p>
      <h1>New entry</h1>
      <form className="create-entry" onSubmit={store} aria-busy={busy}>
        <JsonEditor
          ref={editor}
          id="document-text"
          label="Document (GOBL JSON)"
          help="Paste a GOBL document or envelope, or drop a .json file here. Calculate shows it as it would be stored; Store creates the entry."
          text={text}
          onText={edit}
          problem={problem}
          places={places}
          asEnvelope={source.ok && isEnvelope(source.value)}
        />
        <div className="field">
          <label htmlFor="entry-key">Key (optional)</label>
          <input id="entry-key" value={key} onChange={(event) => setKey(event.target.value)} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="entry-folder">Folder (optional, chosen from the document's type when empty)</label>
          <input id="entry-folder" value={folder} onChange={(event) => setFolder(event.target.value)} autoComplete="off" />
        </div>
        <p className="actions">
          <button type="button" onClick={busy ? undefined : runCalculate} aria-disabled={busy}>
            Calculate
          </button>{' '}
          <button type="submit" aria-disabled={busy}>
            Store
          </button>{' '}
          <span role="status" className="hint">
            {busy ? 'Asking the service…' : ''}
          </span>
        </p>
      </form>
      {calculated ? (
        <div ref={result} tabIndex={-1} className="calculated" aria-label="The document as calculated">
          <p className="hint">Calculated by the service; not stored yet.</p>
          <DocumentRendering envelope={calculated} faults={[]} />
        </div>
      ) : null}
    </main>
  );
}
