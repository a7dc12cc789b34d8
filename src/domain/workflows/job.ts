import type { StepStatus, Steps } from './workflow';

/**
 * A job: one workflow run over one entry, a step at a time, by whichever process holds its lease. Its intents say
 * what each step did; it ends `completed` (every step it came to went its way) or `failed` (a step failed and the
 * rescue steps, if any, ran), with its faults.
 */

/** Unfinished jobs one workspace may have at once: past it a new job is refused (503), the others' go on. */
export const MAX_JOBS_IN_FLIGHT = 1_000;
/** Steps one job may run (a `step_id` may loop): past it the job fails. */
export const MAX_STEPS_RUN = 200;
/** The longest `wait` of a job's creation, in seconds. */
export const MAX_JOB_WAIT_SECONDS = 60;
/** Tries of a step that fails for a passing reason (the database or the engine busy) before it counts as KO. */
export const MAX_STEP_TRIES = 6;

export type JobStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface IntentEvent {
  index: number;
  /** RUN when the step started; then what it came to. */
  status: StepStatus | 'RUN';
  at: Date;
  code?: string;
  message?: string;
}

export interface Intent {
  id: string;
  stepId: string;
  name: string;
  provider: string;
  events: IntentEvent[];
  completed: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface JobFault {
  provider: string;
  code?: string;
  message?: string;
  paths?: string[];
}

export interface Job {
  workspaceId: string;
  id: string;
  key?: string;
  workflowId: string;
  siloEntryId?: string;
  args: Record<string, string>;
  tags: string[];
  /** The workflow's steps as they were when the job was created: a later change of the workflow leaves it as it is. */
  steps: Steps;
  status: JobStatus;
  intents: Intent[];
  faults: JobFault[];
  /** Ids of the files its steps attached to the entry. */
  attachments: string[];
  /** The step to run next; undefined once the job has ended. */
  nextStepId?: string;
  /** Tries of the next step so far (a passing failure tries it again later). */
  tries: number;
  /** When the next step is due; undefined once the job has ended. */
  dueAt?: Date;
  createdAt: Date;
  updatedAt: Date;
  completedAt?: Date;
}

/** Where a job stands after a step: everything the runner writes, with the step's intent, in one statement. */
export type JobProgress = Pick<
  Job,
  'status' | 'intents' | 'faults' | 'attachments' | 'nextStepId' | 'tries' | 'dueAt' | 'siloEntryId' | 'updatedAt' | 'completedAt'
>;
