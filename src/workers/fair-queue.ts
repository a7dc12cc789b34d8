/** A job waiting for an engine thread: only its workspace and kind matter to the queue. */
export interface QueuedJob {
  workspaceId: string;
  /** A kind of job that may hold only so many threads at once (see FairQueue's `threadsOfKind`). */
  kind?: string;
}

/**
 * A queue that takes workspaces in turn and holds each to a share of the threads: each workspace has its own
 * first-in first-out line, the next free thread serves the next workspace in turn that holds fewer than
 * `threadsEach` threads (and whose next job is of a kind holding fewer than its `threadsOfKind`), and a workspace
 * at its share waits, its turn kept, until one of its jobs finishes. One tenant that sends a thousand heavy
 * documents makes only its own wait, and however slow its documents, it never holds every thread: another
 * tenant's document is next but one, and has a thread as soon as one is free.
 */
export class FairQueue<Job extends QueuedJob> {
  private readonly lines = new Map<string, Job[]>();
  /** Workspaces with queued jobs, in the order they will be served. */
  private readonly turns: string[] = [];
  /** Jobs taken out by shift and not yet finished, per workspace. */
  private readonly running = new Map<string, number>();
  /** Jobs of each limited kind taken out and not yet finished. */
  private readonly runningKinds = new Map<string, number>();
  private count = 0;

  constructor(
    private readonly threadsEach = Number.POSITIVE_INFINITY,
    private readonly threadsOfKind: Readonly<Record<string, number>> = {},
  ) {}

  get size(): number {
    return this.count;
  }

  /** How many jobs of one workspace are waiting. */
  sizeOf(workspaceId: string): number {
    return this.lines.get(workspaceId)?.length ?? 0;
  }

  /** How many jobs of one workspace have been taken out and not finished. */
  runningOf(workspaceId: string): number {
    return this.running.get(workspaceId) ?? 0;
  }

  push(job: Job): void {
    const line = this.lines.get(job.workspaceId);
    if (line) {
      line.push(job);
    } else {
      this.lines.set(job.workspaceId, [job]);
      this.turns.push(job.workspaceId);
    }
    this.count += 1;
  }

  /**
   * The next job of the first workspace in turn below its share of threads, counted as running until `finish`;
   * null when none may start (nothing waits, or every waiting workspace holds its share).
   */
  shift(): Job | null {
    const turn = this.turns.findIndex(
      (workspace) => this.runningOf(workspace) < this.threadsEach && this.kindHasRoom(this.lines.get(workspace)![0]),
    );
    if (turn < 0) return null;
    const [workspace] = this.turns.splice(turn, 1);
    const line = this.lines.get(workspace)!;
    const job = line.shift()!;
    if (line.length > 0) this.turns.push(workspace);
    else this.lines.delete(workspace);
    this.count -= 1;
    this.running.set(workspace, this.runningOf(workspace) + 1);
    if (job.kind !== undefined) this.runningKinds.set(job.kind, (this.runningKinds.get(job.kind) ?? 0) + 1);
    return job;
  }

  /** A job taken out by shift has finished: its workspace, and its kind, may take another thread. */
  finish(job: Job): void {
    countDown(this.running, job.workspaceId);
    if (job.kind !== undefined) countDown(this.runningKinds, job.kind);
  }

  private kindHasRoom(job: Job): boolean {
    const limit = job.kind === undefined ? undefined : this.threadsOfKind[job.kind];
    return limit === undefined || (this.runningKinds.get(job.kind!) ?? 0) < limit;
  }

  /** Takes out a job still waiting (its request was abandoned): true when it was waiting, false when shift took it. */
  withdraw(job: Job): boolean {
    const line = this.lines.get(job.workspaceId);
    const index = line?.indexOf(job) ?? -1;
    if (!line || index < 0) return false;
    line.splice(index, 1);
    this.count -= 1;
    if (line.length === 0) {
      this.lines.delete(job.workspaceId);
      this.turns.splice(this.turns.indexOf(job.workspaceId), 1);
    }
    return true;
  }
}

function countDown(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 0) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
