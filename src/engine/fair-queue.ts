import { Piscina, type TaskQueue } from 'piscina';

type Task = Parameters<TaskQueue['push']>[0];

/** What a queued task says about itself (see `Piscina.queueOptionsSymbol`). */
export interface QueueOptions {
  workspaceId: string;
}

const workspaceOf = (task: Task) => (task[Piscina.queueOptionsSymbol as never] as QueueOptions | null)?.workspaceId ?? '';

/**
 * A task queue that takes workspaces in turn: each workspace has its own first-in first-out line, and the
 * next free thread serves the workspace after the one served last. One tenant that sends a thousand heavy
 * documents makes only its own wait; another tenant's document is next but one.
 */
export class FairQueue implements TaskQueue {
  private readonly lines = new Map<string, Task[]>();
  /** Workspaces with queued tasks, in the order they will be served. */
  private readonly turns: string[] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** How many tasks of one workspace are waiting. */
  sizeOf(workspaceId: string): number {
    return this.lines.get(workspaceId)?.length ?? 0;
  }

  /**
   * Takes out the waiting task that carries these queue options (its request was abandoned): true when it was
   * still waiting, false when a thread has it already (or it was never queued).
   */
  withdraw(options: QueueOptions): boolean {
    const task = this.lines.get(options.workspaceId)?.find((queued) => queued[Piscina.queueOptionsSymbol as never] === options);
    if (!task) return false;
    this.remove(task);
    return true;
  }

  push(task: Task): void {
    const workspace = workspaceOf(task);
    const line = this.lines.get(workspace);
    if (line) {
      line.push(task);
    } else {
      this.lines.set(workspace, [task]);
      this.turns.push(workspace);
    }
    this.count += 1;
  }

  shift(): Task | null {
    const workspace = this.turns.shift();
    if (workspace === undefined) return null;
    const line = this.lines.get(workspace)!;
    const task = line.shift()!;
    if (line.length > 0) this.turns.push(workspace);
    else this.lines.delete(workspace);
    this.count -= 1;
    return task;
  }

  remove(task: Task): void {
    const workspace = workspaceOf(task);
    const line = this.lines.get(workspace);
    const index = line?.indexOf(task) ?? -1;
    if (!line || index < 0) return;
    line.splice(index, 1);
    this.count -= 1;
    if (line.length === 0) {
      this.lines.delete(workspace);
      this.turns.splice(this.turns.indexOf(workspace), 1);
    }
  }
}
