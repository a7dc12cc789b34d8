import { useMemo, useRef, useState } from 'react';
import { useMutation } from 'urql';
import { SaveWorkflowDocument, UpdateWorkflowDocument, type SaveWorkflowInput, type UpdateWorkflowInput } from './generated/graphql';
import { JsonEditor, type JsonEditorHandle, type JsonProblem } from './json-editor';
import { readJsonSource } from './json-source';
import { newId } from './new-id';
import { refusalOfGraphQL } from './refusal';
import { workflowFaults } from './workflow-faults';
import { isObject, prettyJson, withIds, type Json } from './workflow-json';

/** A new workflow to start from: a state, a number from a series, the signature, and a state again; an error state when a step fails. */
export const newWorkflowText = () =>
  prettyJson({
    name: 'Issue an invoice',
    description: 'Numbers, signs and marks an invoice sent.',
    schema: 'bill/invoice',
    steps: [
      { id: newId(), name: 'Processing', provider: 'silo.state', config: { state: 'processing' } },
      { id: newId(), name: 'Number', provider: 'sequence.enumerate', config: { name: 'Sales', prefix: 'INV-', padding: 5 } },
      { id: newId(), name: 'Sign', provider: 'silo.close' },
      { id: newId(), name: 'Sent', provider: 'silo.state', config: { state: 'sent' } },
    ],
    rescue: [{ id: newId(), name: 'Error', provider: 'silo.state', config: { state: 'error' } }],
  });

const HELP = (
  <>
    The workflow as JSON: <code>name</code>, <code>description</code>, <code>draft</code>, <code>steps</code> and <code>rescue</code> (and,
    when new, <code>schema</code> and <code>country</code>). Each step has an <code>id</code> (a UUID: a step without one is given one), a{' '}
    <code>name</code>, a <code>provider</code> (<code>silo.state</code>, <code>silo.folder</code>, <code>silo.close</code>,{' '}
    <code>silo.modify</code>, <code>silo.if</code>, <code>sequence.enumerate</code>, <code>pdf</code>, <code>ubl.generate</code>,{' '}
    <code>cii.generate</code>, <code>webhook.send</code>, <code>transform.job.create</code>), its <code>config</code>, and <code>next</code>
    : <code>{'{"status", "code", "step_id" | "steps" | "stop"}'}</code>.
  </>
);

/**
 * A workflow written as JSON: saved new (`saveWorkflow`) or as the workflow `id`'s next version (`updateWorkflow`).
 * What the service refuses is listed under the text, each fault at the step or member it names, with a button that
 * selects it in the text; the focus moves to that list.
 */
export function WorkflowEditor({ id, initial, onSaved }: { id?: string; initial: string; onSaved(id: string, version: number): void }) {
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<JsonProblem>();
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
  const editor = useRef<JsonEditorHandle>(null);
  const source = useMemo(() => readJsonSource(text), [text]);
  const [, saveWorkflow] = useMutation(SaveWorkflowDocument);
  const [, updateWorkflow] = useMutation(UpdateWorkflowDocument);

  const refuse = (found: JsonProblem) => {
    setProblem(found);
    setSaid('');
    // After React has drawn the list.
    setTimeout(() => editor.current?.showProblem(), 0);
  };
  const save = async () => {
    if (busy) return;
    if (!source.ok) return refuse({ kind: 'syntax', message: source.message, place: source.place });
    if (!isObject(source.value))
      return refuse({ kind: 'refused', refusal: { key: 'input', message: 'a workflow is a JSON object', faults: [] } });
    const steps = withIds(source.value.steps);
    const rescue = withIds(source.value.rescue);
    const value: Json = { ...source.value };
    if (steps.steps !== undefined) value.steps = steps.steps;
    if (rescue.steps !== undefined) value.rescue = rescue.steps;
    if (steps.added || rescue.added) setText(prettyJson(value));
    setBusy(true);
    setSaid('Saving…');
    const answer = id
      ? await updateWorkflow({ id, input: value as UpdateWorkflowInput }).then(({ data, error }) => ({
          error,
          saved: data?.updateWorkflow.workflow,
        }))
      : await saveWorkflow({ id: null, input: value as SaveWorkflowInput }).then(({ data, error }) => ({
          error,
          saved: data?.saveWorkflow.workflow,
        }));
    setBusy(false);
    if (answer.error) {
      const refusal = refusalOfGraphQL(answer.error);
      return refuse({ kind: 'refused', refusal: { ...refusal, faults: workflowFaults(refusal, value) } });
    }
    setProblem(undefined);
    if (!answer.saved) return;
    setSaid('Saved.');
    onSaved(answer.saved.id, answer.saved.version);
  };

  return (
    <div className="workflow-editor" aria-busy={busy}>
      <JsonEditor
        ref={editor}
        id="workflow-text"
        label="Workflow (JSON)"
        help={HELP}
        text={text}
        onText={(next) => {
          setText(next);
          setProblem(undefined);
          setSaid('');
        }}
        problem={problem}
        places={source.ok ? source.places : undefined}
        asEnvelope
      />
      <p className="actions">
        <button type="button" onClick={() => void save()} aria-disabled={busy}>
          {id ? 'Save changes' : 'Save workflow'}
        </button>{' '}
        <span role="status" className="hint">
          {said}
        </span>
      </p>
    </div>
  );
}
