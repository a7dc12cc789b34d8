import { EventEmitter } from 'node:events';
import type { EventsOf } from '../entries/model/entry-event';
import { DomainError } from '../shared/errors';
import { MAX_STEPS_RUN, MAX_STEP_TRIES, type Intent, type Job, type JobProgress } from './job';
import type { JobSignals } from './jobs.service';
import { effectIdOf, type StepOutcome, type StepProvider } from './step-providers';
import type { WorkflowStore } from './workflow-store';
import { matchingNext, placesOf, type StepPlace } from './workflow';

export interface JobRunnerOptions {
  /** This process's name in leases. */
  owner: string;
  /** How often it looks for due jobs when nothing woke it. */
  pollMs: number;
  /** Jobs it works on at once, and at most of one workspace among them. */
  concurrency: number;
  perWorkspace: number;
  /** How long one step may take before it is cut (a TIMEOUT), and the lease that covers it. */
  stepTimeMs: number;
}

export interface JobEvents {
  ended(job: { id: string; workflowId: string; status: 'completed' | 'failed'; faults: readonly object[] }): EventsOf;
  written(workspaceId: string, eventsOf: EventsOf): Promise<void>;
}

/** The pause before a step that failed for a passing reason is tried again: 1 s, 2 s, 4 s… at most a minute. */
const retryPause = (tries: number) => Math.min(60_000, 1_000 * 2 ** (tries - 1));

/** A failure no retry mends: the request's own (4xx); anything else (the database, the engine busy) may pass. */
const lasting = (error: unknown) => error instanceof DomainError && error.key !== 'unavailable' && error.key !== 'internal';

/**
 * Runs jobs, one step at a time, in every process: a due job is leased to one process, its step run, and where the
 * job stands written back with the step's intent, ending the lease. The step's first try is recorded (a `RUN` event)
 * before its effect, so a process killed in the middle leaves the job due again at that step, for any process, and
 * the step's effect is keyed by the job and the step (effectIdOf), so its second try does not do it twice. Each
 * claim takes the workspaces in turn, one job of each, so a workspace with many jobs waits behind its own.
 */
export class JobRunner implements JobSignals {
  private readonly settledJobs = new EventEmitter();
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private stopped = true;
  private readonly inFlight = new Set<Promise<void>>();
  /** Jobs of each workspace this process is running: a workspace at its share is skipped by the next claim. */
  private readonly running = new Map<string, number>();

  constructor(
    private readonly store: WorkflowStore,
    private readonly providers: Record<string, StepProvider>,
    private readonly options: JobRunnerOptions,
    private readonly newId: () => string,
    private readonly onError: (error: unknown) => void,
    /** The events of a job's end, written with it (`job.completed`, `job.failed`), and told once committed. */
    private readonly events?: JobEvents,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.settledJobs.setMaxListeners(0);
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.all(this.inFlight);
  }

  wake(): void {
    if (!this.stopped && !this.ticking) this.schedule(0);
  }

  settled(jobId: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.settledJobs.off(jobId, done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.settledJobs.once(jobId, done);
    });
  }

  /** A lease that outlasts a step cut at its limit, with room for its record to be written. */
  private leaseFrom(now: Date): Date {
    return new Date(now.getTime() + this.options.stepTimeMs + Math.min(30_000, this.options.stepTimeMs));
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.ticking) return;
    this.ticking = true;
    let worked = 0;
    try {
      const room = this.options.concurrency - this.inFlight.size;
      if (room > 0) {
        const now = this.clock();
        const lease = this.leaseFrom(now);
        const full = [...this.running].filter(([, count]) => count >= this.options.perWorkspace).map(([workspaceId]) => workspaceId);
        const jobs = await this.store.claimDueJobs(this.options.owner, now, lease, room, this.options.perWorkspace, full);
        worked = jobs.length;
        for (const job of jobs) {
          this.running.set(job.workspaceId, (this.running.get(job.workspaceId) ?? 0) + 1);
          const work = this.runStep(job).catch(this.onError);
          this.inFlight.add(work);
          void work.finally(() => {
            this.inFlight.delete(work);
            const left = (this.running.get(job.workspaceId) ?? 1) - 1;
            if (left > 0) this.running.set(job.workspaceId, left);
            else this.running.delete(job.workspaceId);
            this.wake();
          });
        }
      }
    } catch (error) {
      this.onError(error);
    } finally {
      this.ticking = false;
      if (!this.stopped) this.schedule(worked > 0 ? 0 : this.options.pollMs);
    }
  }

  /** Runs the job's next step and writes where the job then stands. */
  async runStep(job: Job): Promise<void> {
    const places = placesOf(job.steps);
    const place = job.nextStepId ? places.get(job.nextStepId) : undefined;
    const now = this.clock();
    if (!place)
      return this.write(job, this.end(job, now, { provider: 'transform', code: 'step-missing', message: `no step ${job.nextStepId}` }));
    if (job.intents.length >= MAX_STEPS_RUN && job.tries === 0)
      return this.write(
        job,
        this.end(job, now, { provider: 'transform', code: 'too-many-steps', message: `a job runs at most ${MAX_STEPS_RUN} steps` }),
      );
    // The step's intent, with its first try recorded before anything is done: its start time keys what it does.
    let intent = job.intents[job.intents.length - 1];
    if (!intent || intent.completed || intent.stepId !== place.step.id) {
      intent = {
        id: this.newId(),
        stepId: place.step.id,
        name: place.step.name,
        provider: place.step.provider,
        events: [],
        completed: false,
        createdAt: now,
        updatedAt: now,
      };
      intent.events.push({ index: 0, status: 'RUN', at: now });
      const started = { ...job, intents: [...job.intents, intent], status: 'running' as const };
      // Written with the lease kept: the step runs under it.
      const lease = this.leaseFrom(now);
      if (!(await this.store.progressJob(job, this.options.owner, { ...progressOf(started), dueAt: now, updatedAt: now }, lease))) return;
      job = started;
    }
    const outcome = await this.outcomeOf(job, place, intent);
    if (outcome === 'again') return;
    await this.write(job, this.afterStep(job, place, intent, outcome));
  }

  private async outcomeOf(job: Job, place: StepPlace, intent: Intent): Promise<StepOutcome | 'again'> {
    const provider = this.providers[place.step.provider];
    const signal = AbortSignal.timeout(this.options.stepTimeMs);
    try {
      if (!provider) return { status: 'KO', code: 'unknown-provider', message: `no provider ${place.step.provider}` };
      return await provider({
        job,
        step: place.step,
        effectId: effectIdOf(job, place.step),
        startedAt: intent.createdAt,
        intentId: intent.id,
        signal,
      });
    } catch (error) {
      if (signal.aborted) return { status: 'TIMEOUT', message: `the step took more than ${this.options.stepTimeMs / 1000} s` };
      if (lasting(error)) {
        const refusal = error as DomainError;
        const paths = refusal.details.faults?.flatMap((fault) => fault.paths);
        return { status: 'KO', code: refusal.key, message: refusal.message, paths: paths?.length ? paths : undefined };
      }
      if (job.tries + 1 < MAX_STEP_TRIES) {
        const now = this.clock();
        const tries = job.tries + 1;
        await this.store.progressJob(job, this.options.owner, {
          ...progressOf(job),
          tries,
          dueAt: new Date(now.getTime() + retryPause(tries)),
          updatedAt: now,
        });
        return 'again';
      }
      return { status: 'KO', code: 'unavailable', message: (error as Error).message };
    }
  }

  /** Where the job goes after the step: its matching `next`, the step after it, the rescue steps, or the end. */
  private afterStep(job: Job, place: StepPlace, intent: Intent, outcome: StepOutcome): JobProgress {
    const now = this.clock();
    const done: Intent = {
      ...intent,
      completed: true,
      updatedAt: now,
      events: [
        ...intent.events,
        { index: intent.events.length, status: outcome.status, at: now, code: outcome.code, message: outcome.message },
      ],
    };
    const base: Job = {
      ...job,
      intents: [...job.intents.slice(0, -1), done],
      attachments: [...new Set([...job.attachments, ...(outcome.attachments ?? [])])],
      siloEntryId: outcome.entryId ?? job.siloEntryId,
      tries: 0,
    };
    const failed = outcome.status === 'KO' || outcome.status === 'TIMEOUT';
    const next = matchingNext(place.step, outcome.status, outcome.code);
    const fault = failed
      ? { provider: place.step.provider, code: outcome.code, message: outcome.message, paths: outcome.paths }
      : undefined;
    // A failure a `next` names is handled: the job goes on (or stops) as it says, without a fault.
    if (next?.stop) return this.end(base, now);
    const to = next?.stepId ?? next?.steps?.[0]?.id;
    if (to) return { ...progressOf(base), status: 'running', nextStepId: to, dueAt: now, updatedAt: now };
    if (failed && !next) {
      // A failure nothing handles: the rescue steps, unless they are what failed; then the job has failed.
      const withFault = { ...base, faults: [...base.faults, fault!] };
      const rescue = job.steps.rescue[0]?.id;
      if (rescue && !place.rescue) return { ...progressOf(withFault), status: 'running', nextStepId: rescue, dueAt: now, updatedAt: now };
      return this.end(withFault, now);
    }
    if (place.following) return { ...progressOf(base), status: 'running', nextStepId: place.following, dueAt: now, updatedAt: now };
    return this.end(base, now);
  }

  /** The job's end: failed when it holds a fault (with `fault` added), completed otherwise. */
  private end(job: Job, now: Date, fault?: Job['faults'][number]): JobProgress {
    const faults = fault ? [...job.faults, fault] : job.faults;
    return {
      ...progressOf({ ...job, faults }),
      status: faults.length > 0 ? 'failed' : 'completed',
      nextStepId: undefined,
      dueAt: undefined,
      completedAt: now,
      updatedAt: now,
    };
  }

  private async write(job: Job, progress: JobProgress): Promise<void> {
    const ended = progress.status === 'completed' || progress.status === 'failed';
    const eventsOf = ended
      ? this.events?.ended({
          id: job.id,
          workflowId: job.workflowId,
          status: progress.status as 'completed' | 'failed',
          faults: progress.faults,
        })
      : undefined;
    if (!(await this.store.progressJob(job, this.options.owner, progress, undefined, eventsOf))) return;
    if (eventsOf) await this.events?.written(job.workspaceId, eventsOf);
    this.settledJobs.emit(job.id);
  }
}

const progressOf = (job: Job): JobProgress => ({
  status: job.status,
  intents: job.intents,
  faults: job.faults,
  attachments: job.attachments,
  nextStepId: job.nextStepId,
  tries: job.tries,
  dueAt: job.dueAt,
  siloEntryId: job.siloEntryId,
  updatedAt: job.updatedAt,
  completedAt: job.completedAt,
});
