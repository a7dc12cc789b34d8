import type { EventsOf } from '../entries/model/entry-event';
import type { Job, JobProgress } from './job';
import type { Workflow, WorkflowVersion } from './workflow';

/** What the domain needs from storage for workflows and their jobs. */
export interface WorkflowStore {
  /** Inserts the workflow, unless one of that id exists (answered) or the workspace has `limit` (undefined). */
  createWorkflow(workflow: Workflow, limit: number): Promise<{ workflow: Workflow; created: boolean } | undefined>;
  /** Writes a changed workflow; a new version (`newVersion`) is kept in its versions, the oldest past `kept` dropped. */
  updateWorkflow(workflow: Workflow, newVersion: boolean, kept: number): Promise<Workflow | undefined>;
  findWorkflow(workspaceId: string, id: string): Promise<Workflow | undefined>;
  /** Newest first, created before `before` when given, of `schema` when given. */
  listWorkflows(workspaceId: string, options: { limit: number; before?: Date; schema?: string }): Promise<Workflow[]>;
  versionsOf(workspaceId: string, id: string): Promise<WorkflowVersion[]>;

  /**
   * Inserts the job, unless one of that id, or of that key, exists (answered as it is), or the workspace has
   * `inFlight` unfinished jobs (undefined).
   */
  createJob(job: Job, inFlight: number): Promise<{ job: Job; created: boolean } | undefined>;
  /** A workspace's jobs not ended, read without taking a write lock (createJob counts again in its transaction). */
  jobsInFlight(workspaceId: string): Promise<number>;
  findJob(workspaceId: string, id: string): Promise<Job | undefined>;
  findJobByKey(workspaceId: string, key: string): Promise<Job | undefined>;
  /** Newest first, older than the job `before` when given. */
  listJobs(workspaceId: string, options: { limit: number; before?: { createdAt: Date; id: string }; entryId?: string }): Promise<Job[]>;
  /** The newest `perEntry` jobs of each of the entries, in one read (in no particular order). */
  latestJobsOfEntries(workspaceId: string, entryIds: readonly string[], perEntry: number): Promise<Job[]>;
  /**
   * Leases at most `limit` due jobs to `owner` until `until`, the workspaces in turn (at most `perWorkspace` of one),
   * none of `skipWorkspaces` (those at their share), none another process holds.
   */
  claimDueJobs(
    owner: string,
    now: Date,
    until: Date,
    limit: number,
    perWorkspace: number,
    skipWorkspaces?: readonly string[],
  ): Promise<Job[]>;
  /**
   * Writes where a leased job stands and ends the lease (or keeps it to `leaseUntil`): false, nothing written, if
   * `owner` no longer holds it. `eventsOf` makes the events of its entry written in the same transaction.
   */
  progressJob(job: Job, owner: string, progress: JobProgress, leaseUntil?: Date, eventsOf?: EventsOf): Promise<boolean>;
  /** The earliest time a job is due, for the runner's sleep; undefined when none is. */
  nextDue(): Promise<Date | undefined>;
}
