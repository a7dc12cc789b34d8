import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from 'urql';
import { ConsoleLink } from './console-link';
import { formatTime } from './entry-labels';
import { WorkflowDetailDocument, type WorkflowDetailQuery } from './generated/graphql';
import { messageOf } from './refusal';
import { navigate, workflowPath, workflowsPath } from './router';
import { newWorkflowText, WorkflowEditor } from './workflow-editor';
import { cleanSteps, prettyJson, stepNames, stepsOf } from './workflow-json';
import { StepList } from './workflow-steps';
import { workflowState } from './workflows-page';
import './sequences-workflows.css';

type Workflow = NonNullable<WorkflowDetailQuery['workflow']>;

function Main({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main">
      <p>
        <ConsoleLink to={workflowsPath()}>← All workflows</ConsoleLink>
      </p>
      <h1>{title}</h1>
      {children}
    </main>
  );
}

/** The members of a workflow that updateWorkflow takes, as the editor's text. */
const editText = (workflow: Workflow) =>
  prettyJson({
    name: workflow.name,
    ...(workflow.description ? { description: workflow.description } : {}),
    draft: workflow.draft,
    disabled: workflow.disabled,
    steps: cleanSteps(workflow.stepsJson),
    rescue: cleanSteps(workflow.rescueJson),
  });

/**
 * `/console/workflows/{id}`: one workflow. What it is for, its steps and rescue steps as lists (each with its
 * provider, config and branches), its versions, and its JSON to edit: saved, the page reads it again.
 */
export function WorkflowPage({ id }: { id: string }) {
  const [{ data, error, fetching }, reread] = useQuery({ query: WorkflowDetailDocument, variables: { id } });
  const workflow = data?.workflow;
  const [saved, setSaved] = useState('');
  const lists = useMemo(
    () => (workflow ? { steps: stepsOf(workflow.stepsJson), rescue: stepsOf(workflow.rescueJson) } : undefined),
    [workflow],
  );
  const names = useMemo(() => stepNames(lists ? [lists.steps, lists.rescue] : []), [lists]);
  if (!workflow || !lists) {
    if (fetching) return <Main title="Workflow">Loading…</Main>;
    return (
      <Main title="Workflow">
        <p role="alert" className="notice">
          {error ? messageOf(error) : 'No such workflow.'}
        </p>
      </Main>
    );
  }
  return (
    <Main title={workflow.name}>
      <dl className="entry-header">
        <dt>Id</dt>
        <dd className="digest">{workflow.id}</dd>
        {workflow.description ? (
          <>
            <dt>Description</dt>
            <dd>{workflow.description}</dd>
          </>
        ) : null}
        <dt>Documents</dt>
        <dd>{workflow.schema ?? 'any'}</dd>
        {workflow.country ? (
          <>
            <dt>Country</dt>
            <dd>{workflow.country}</dd>
          </>
        ) : null}
        <dt>State</dt>
        <dd data-field="workflow-state">
          {workflowState(workflow)}
          {workflow.draft || workflow.disabled ? ': it runs no new job' : ''}
        </dd>
        <dt>Version</dt>
        <dd data-field="workflow-version">
          {workflow.version} <span className="hint">({workflow.hash})</span>
        </dd>
        <dt>Updated</dt>
        <dd>
          <time dateTime={workflow.updatedAt}>{formatTime(workflow.updatedAt)}</time>
        </dd>
      </dl>

      <section aria-labelledby="steps-heading">
        <h2 id="steps-heading">Steps</h2>
        {lists.steps.length === 0 ? <p>No steps.</p> : <StepList steps={lists.steps} names={names} prefix="Step" />}
      </section>
      <section aria-labelledby="rescue-heading">
        <h2 id="rescue-heading">Rescue steps</h2>
        <p className="hint">Run when a step fails (KO or TIMEOUT) and no branch of it says where to go; the job then ends failed.</p>
        {lists.rescue.length === 0 ? <p>None.</p> : <StepList steps={lists.rescue} names={names} prefix="Rescue step" />}
      </section>

      <section aria-labelledby="versions-heading">
        <h2 id="versions-heading">Versions</h2>
        <table className="versions reflow" data-table="workflow-versions">
          <caption>New steps make a new version; jobs under way keep the steps they started with.</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Hash</th>
              <th scope="col">Name</th>
              <th scope="col">Made</th>
            </tr>
          </thead>
          <tbody>
            {workflow.versions.map((version) => (
              <tr key={version.version} data-version={version.version}>
                <td data-label="Version">{version.version}</td>
                <td data-label="Hash">
                  <code>{version.hash}</code>
                </td>
                <td data-label="Name">{version.name}</td>
                <td data-label="Made">
                  <time dateTime={version.createdAt}>{formatTime(version.createdAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="edit-heading">
        <h2 id="edit-heading">Edit as JSON</h2>
        <p role="status" className="saved" data-field="workflow-saved">
          {saved}
        </p>
        {/* Drawn afresh from each version read: the text is the workflow as saved. */}
        <WorkflowEditor
          key={`${workflow.version}-${workflow.updatedAt}`}
          id={workflow.id}
          initial={editText(workflow)}
          onSaved={(_id, version) => {
            setSaved(`Saved: version ${version}.`);
            reread({ requestPolicy: 'network-only' });
          }}
        />
      </section>
    </Main>
  );
}

/** `/console/workflows/new`: a workflow written as JSON from an example; saved, its page opens. */
export function NewWorkflowPage() {
  const initial = useMemo(newWorkflowText, []);
  return (
    <Main title="New workflow">
      <WorkflowEditor initial={initial} onSaved={(id) => navigate(workflowPath(id))} />
    </Main>
  );
}
