import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { ConsoleLink } from './console-link';
import { formatTime } from './entry-labels';
import { WorkflowListDocument, type WorkflowFactsFragment } from './generated/graphql';
import { messageOf } from './refusal';
import { newWorkflowPath, workflowPath } from './router';
import './sequences-workflows.css';

const PAGE = 50;

/** A workflow's state in words: a draft and a disabled workflow run no job. */
export const workflowState = (workflow: Pick<WorkflowFactsFragment, 'draft' | 'disabled'>): string =>
  workflow.disabled ? 'disabled' : workflow.draft ? 'draft' : 'active';

/** `/console/workflows`: the workspace's workflows, newest first, and a link to write a new one. */
export function WorkflowsPage() {
  const [after, setAfter] = useState<string | null>(null);
  const [shown, setShown] = useState<WorkflowFactsFragment[]>([]);
  const [{ data, error, fetching }] = useQuery({ query: WorkflowListDocument, variables: { first: PAGE, after } });
  useEffect(() => {
    if (data)
      setShown((before) => [
        ...before,
        ...data.workflows.edges.map((edge) => edge.node).filter((workflow) => !before.some((other) => other.id === workflow.id)),
      ]);
  }, [data]);
  const more = data?.workflows.pageInfo.hasNextPage ? data.workflows.pageInfo.endCursor : undefined;

  return (
    <main id="main">
      <h1>Workflows</h1>
      <p className="hint">
        A workflow is a list of steps a job runs over an entry, a step at a time: set a state, number it, sign it, write its PDF or UBL,
        send it. Run one from an entry’s page.
      </p>
      <p>
        <ConsoleLink to={newWorkflowPath()} className="button-link">
          New workflow
        </ConsoleLink>
      </p>
      {error ? (
        <p role="alert" className="notice">
          Could not read the workflows: {messageOf(error)}
        </p>
      ) : shown.length === 0 ? (
        <p>{fetching ? 'Loading…' : 'No workflow yet.'}</p>
      ) : (
        <div>
          <table className="workflows-table reflow" data-table="workflows">
            <caption>
              {shown.length} workflows, newest first{more ? ' (more below)' : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Documents</th>
                <th scope="col">State</th>
                <th scope="col">Version</th>
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((workflow) => (
                <tr key={workflow.id} data-workflow={workflow.id}>
                  <th scope="row" data-label="Name">
                    <ConsoleLink to={workflowPath(workflow.id)}>{workflow.name}</ConsoleLink>
                    {workflow.description ? <span className="hint workflow-description">{workflow.description}</span> : null}
                  </th>
                  <td data-label="Documents">{workflow.schema ?? 'any'}</td>
                  <td data-label="State">{workflowState(workflow)}</td>
                  <td data-label="Version" className="align-right">
                    {workflow.version}
                  </td>
                  <td data-label="Updated">
                    <time dateTime={workflow.updatedAt}>{formatTime(workflow.updatedAt)}</time>
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
            Show more workflows
          </button>
        </p>
      ) : null}
    </main>
  );
}
