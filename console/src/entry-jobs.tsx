import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { ConsoleLink } from './console-link';
import { formatTime } from './entry-labels';
import { CreateJobDocument, EntryJobsDocument, RunnableWorkflowsDocument, type JobFactsFragment } from './generated/graphql';
import { messageOf } from './refusal';
import { workflowPath, workflowsPath } from './router';
import './sequences-workflows.css';

type Job = JobFactsFragment;
type Intent = Job['intents'][number];
const SHOWN = 10;
/** How often the jobs are read again while one of them runs. */
const READ_MS = 1000;
/** Reads in a row at most: a job whose steps wait on something slow is read again by "Read the jobs again". */
const READS = 180;

const underWay = (job: Pick<Job, 'status'>) => job.status === 'QUEUED' || job.status === 'RUNNING';
const jobName = (job: Job) => job.workflow?.name ?? `workflow ${job.workflowId}`;

/** What a step run came to: its last event (RUN while it runs), and the code and message it ended with. */
function outcomeOf(intent: Intent): { status: string; code: string; message: string } {
  const last = intent.events.at(-1);
  return { status: last?.status ?? 'RUN', code: last?.code ?? '', message: last?.message ?? '' };
}

/** A job's end, in words, for the page's live status. */
const endOf = (job: Job) =>
  job.status === 'COMPLETED'
    ? `“${jobName(job)}” completed.`
    : `“${jobName(job)}” failed${job.faults[0]?.message ? `: ${job.faults[0].message}` : ''}.`;

function JobCard({ job }: { job: Job }) {
  const headingId = `job-${job.id}`;
  return (
    <section className="job" aria-labelledby={headingId} data-job={job.id} data-status={job.status}>
      <h3 id={headingId}>
        {job.workflow ? <ConsoleLink to={workflowPath(job.workflowId)}>{jobName(job)}</ConsoleLink> : jobName(job)}{' '}
        <span className={`job-status job-${job.status.toLowerCase()}`}>{job.status.toLowerCase()}</span>
      </h3>
      <p className="hint">
        Started <time dateTime={job.createdAt}>{formatTime(job.createdAt)}</time>
        {job.completedAt ? (
          <>
            , ended <time dateTime={job.completedAt}>{formatTime(job.completedAt)}</time>
          </>
        ) : null}
      </p>
      {job.intents.length === 0 ? (
        <p>No step run yet.</p>
      ) : (
        <table className="job-steps reflow">
          <caption>Its steps as they ran</caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Provider</th>
              <th scope="col">Status</th>
              <th scope="col">Code</th>
              <th scope="col">Message</th>
            </tr>
          </thead>
          <tbody>
            {job.intents.map((intent) => {
              const outcome = outcomeOf(intent);
              return (
                <tr key={intent.id} data-intent={intent.stepId} data-status={outcome.status}>
                  <th scope="row" data-label="Step">
                    {intent.name}
                  </th>
                  <td data-label="Provider">
                    <code>{intent.provider}</code>
                  </td>
                  <td data-label="Status">{outcome.status === 'RUN' ? 'running' : outcome.status}</td>
                  <td data-label="Code">{outcome.code}</td>
                  <td data-label="Message">{outcome.message}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {job.faults.length > 0 ? (
        <div className="notice job-faults">
          <p>Faults:</p>
          <ul>
            {job.faults.map((fault, index) => (
              <li key={index} data-code={fault.code ?? ''}>
                <code>{fault.provider}</code>
                {fault.code ? ` (${fault.code})` : ''}: {fault.message ?? 'failed'}
                {fault.paths?.length ? (
                  <>
                    {' '}
                    at{' '}
                    {fault.paths.map((path) => (
                      <code key={path} className="fault-path">
                        {path}
                      </code>
                    ))}
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** The control that starts a job: a workflow that takes the entry's documents, chosen, then "Run workflow". */
function RunWorkflow({ entryId, docSchema, onStarted }: { entryId: string; docSchema: string; onStarted(job: Job): void }) {
  const [{ data, error }] = useQuery({ query: RunnableWorkflowsDocument });
  const [{ fetching }, createJob] = useMutation(CreateJobDocument);
  const [chosen, setChosen] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const runnable = (data?.workflows.edges ?? [])
    .map((edge) => edge.node)
    .filter((workflow) => !workflow.draft && !workflow.disabled && (!workflow.schema || docSchema.endsWith(`/${workflow.schema}`)));
  const workflowId = chosen || runnable[0]?.id || '';

  const run = async (event: FormEvent) => {
    event.preventDefault();
    if (fetching || !workflowId) return;
    setRefusal(undefined);
    const answer = await createJob({ input: { workflowId, siloEntryId: entryId } });
    if (answer.error) return setRefusal(messageOf(answer.error));
    if (answer.data) onStarted(answer.data.createJob.job);
  };

  if (error)
    return (
      <p role="alert" className="notice">
        Could not read the workflows: {messageOf(error)}
      </p>
    );
  if (data && runnable.length === 0)
    return (
      <p>
        No workflow takes this entry’s documents: write one on the <ConsoleLink to={workflowsPath()}>Workflows</ConsoleLink> page.
      </p>
    );
  return (
    <form className="run-workflow" onSubmit={run}>
      <div className="field">
        <label htmlFor="run-workflow-id">Workflow</label>
        <select id="run-workflow-id" value={workflowId} onChange={(event) => setChosen(event.target.value)}>
          {runnable.map((workflow) => (
            <option key={workflow.id} value={workflow.id}>
              {workflow.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" aria-disabled={fetching || !workflowId}>
        Run workflow
      </button>
      {refusal ? (
        <p role="alert" className="notice" data-field="job-refusal">
          Not started: {refusal}
        </p>
      ) : null}
    </form>
  );
}

/**
 * An entry's jobs, newest first (`jobs(entryId:)`), each with its steps as they ran and its faults; and "Run
 * workflow". While a job is queued or running the jobs are read again each second, so its steps show as they run;
 * when one ends, the entry is read again (`onChanged`: its steps set states, numbered, signed, attached files).
 */
export function EntryJobs({ entryId, docSchema, onChanged }: { entryId: string; docSchema: string; onChanged(): void }) {
  const [{ data, error, fetching }, reread] = useQuery({ query: EntryJobsDocument, variables: { entryId, first: SHOWN } });
  const [reads, setReads] = useState(0);
  const [said, setSaid] = useState('');
  const jobs = data?.jobs.edges.map((edge) => edge.node);
  const running = jobs?.some(underWay) ?? false;
  useEffect(() => {
    if (!running || fetching || reads >= READS) return;
    const timer = setTimeout(() => {
      setReads((count) => count + 1);
      reread({ requestPolicy: 'network-only' });
    }, READ_MS);
    return () => clearTimeout(timer);
  }, [running, fetching, reads, reread]);

  // The jobs seen under way: one of them ended since the last reading changed the entry.
  const unfinished = useRef(new Set<string>());
  useEffect(() => {
    if (!jobs) return;
    const ended = jobs.filter((job) => unfinished.current.has(job.id) && !underWay(job));
    unfinished.current = new Set(jobs.filter(underWay).map((job) => job.id));
    if (ended.length > 0) {
      setSaid(ended.map(endOf).join(' '));
      onChanged();
    }
    // Once per reading of the jobs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  const started = (job: Job) => {
    setSaid(`Started “${jobName(job)}”: ${job.status.toLowerCase()}.`);
    if (underWay(job)) unfinished.current.add(job.id);
    setReads(0);
    reread({ requestPolicy: 'network-only' });
    if (!underWay(job)) onChanged();
  };

  return (
    <section aria-labelledby="jobs-heading" className="entry-jobs">
      <h2 id="jobs-heading">Jobs</h2>
      <RunWorkflow entryId={entryId} docSchema={docSchema} onStarted={started} />
      <p role="status" className="hint" data-field="job-status">
        {said}
      </p>
      {error ? (
        <p role="alert" className="notice">
          Could not read the jobs: {messageOf(error)}
        </p>
      ) : !jobs || jobs.length === 0 ? (
        <p>{fetching ? 'Loading…' : 'No job has run over this entry.'}</p>
      ) : (
        jobs.map((job) => <JobCard key={job.id} job={job} />)
      )}
      {running && reads >= READS ? (
        <p>
          <button type="button" onClick={() => setReads(0)}>
            Read the jobs again
          </button>
        </p>
      ) : null}
    </section>
  );
}
