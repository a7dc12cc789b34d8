import { DomainError } from '../shared/errors';

/**
 * Bytes of files and meta rows past which a request's answer is heavy: reading, shaping and writing it holds the
 * HTTP thread for tens of milliseconds, in slices (see src/http/json-slices.ts).
 */
export const HEAVY_READ_BYTES = 1024 * 1024;
/** Heavy answers of one workspace that may wait for their turn; past it, 503 `unavailable`. */
export const HEAVY_READS_WAITING_PER_WORKSPACE = 128;

/**
 * Heavy answers take turns: one at a time on the whole service, the workspaces in turn, each workspace's own
 * first in, first out. A tenant that reads its heaviest entries on many connections keeps one slice of the HTTP
 * thread busy, not all of it, so every other tenant's requests are served between its slices; and its own heavy
 * reads wait behind one another rather than behind another tenant's.
 */
export class ReadTurns {
  private readonly lines = new Map<string, ReadTurn[]>();
  /** Workspaces with a turn waiting, in the order they will be served. */
  private readonly order: string[] = [];
  private active = 0;

  constructor(private readonly atOnce = 1) {}

  /**
   * The turn of one request: taken when what it shows passes HEAVY_READ_BYTES, released when its answer is written.
   * `onHeavy` is called once, when the request turns out to be heavy (it waits for the turn or takes it).
   */
  turn(workspaceId: string, signal?: AbortSignal, onHeavy?: () => void): ReadTurn {
    return new ReadTurn(this, workspaceId, signal, onHeavy);
  }

  /** Heavy answers being shaped now, and waiting. */
  get load(): { active: number; waiting: number } {
    let waiting = 0;
    for (const line of this.lines.values()) waiting += line.length;
    return { active: this.active, waiting };
  }

  /** @internal */
  enqueue(turn: ReadTurn): boolean {
    if (this.active < this.atOnce && this.order.length === 0) {
      this.active += 1;
      return true;
    }
    const line = this.lines.get(turn.workspaceId);
    if (line && line.length >= HEAVY_READS_WAITING_PER_WORKSPACE) {
      throw new DomainError('unavailable', 'this workspace has too many large answers waiting; try again shortly');
    }
    if (line) line.push(turn);
    else {
      this.lines.set(turn.workspaceId, [turn]);
      this.order.push(turn.workspaceId);
    }
    return false;
  }

  /** @internal A waiting turn whose request went away. */
  withdraw(turn: ReadTurn): void {
    const line = this.lines.get(turn.workspaceId);
    const index = line?.indexOf(turn) ?? -1;
    if (!line || index < 0) return;
    line.splice(index, 1);
    if (line.length === 0) {
      this.lines.delete(turn.workspaceId);
      this.order.splice(this.order.indexOf(turn.workspaceId), 1);
    }
  }

  /** @internal A turn ends: the next workspace in order gets it. */
  finish(): void {
    this.active -= 1;
    while (this.active < this.atOnce) {
      const workspaceId = this.order.shift();
      if (workspaceId === undefined) return;
      const line = this.lines.get(workspaceId)!;
      const next = line.shift()!;
      if (line.length > 0) this.order.push(workspaceId);
      else this.lines.delete(workspaceId);
      this.active += 1;
      // Granted from the next turn of the event loop, not from this one: granted at once, one heavy answer's end
      // would start the next in the same run of promise callbacks, and heavy answers would follow one another with
      // no request of another tenant served between them.
      setImmediate(() => next.grant());
    }
  }
}

export class ReadTurn {
  private shown = 0;
  private state: 'idle' | 'waiting' | 'held' | 'done' = 'idle';
  private granted?: () => void;
  private refused?: (error: DomainError) => void;
  private waiting?: Promise<void>;

  constructor(
    private readonly turns: ReadTurns,
    readonly workspaceId: string,
    private readonly signal?: AbortSignal,
    private readonly onHeavy?: () => void,
  ) {}

  /**
   * Counts bytes of files and meta rows about to be shown; once the request's total passes HEAVY_READ_BYTES, waits
   * for the turn (once). Refused `unavailable` when the request was abandoned while waiting, or too many wait.
   * Undefined when the request goes on at once (the common case, answered without a promise).
   */
  show(bytes: number): Promise<void> | undefined {
    this.shown += bytes;
    // Every part of the answer waits for the one turn (forty GraphQL aliases of one entry are one answer).
    if (this.state === 'waiting') return this.waiting;
    if (this.state !== 'idle' || this.shown <= HEAVY_READ_BYTES) return;
    return this.wait();
  }

  /**
   * Waits for the turn now, whatever is shown: work heavy by its kind (a subscription's event, executed for each
   * subscriber of a workspace at once) takes turns from its start. Undefined when the turn is taken at once.
   */
  take(): Promise<void> | undefined {
    if (this.state === 'waiting') return this.waiting;
    if (this.state !== 'idle') return;
    return this.wait();
  }

  private wait(): Promise<void> | undefined {
    if (this.signal?.aborted) throw abandoned();
    this.onHeavy?.();
    if (this.turns.enqueue(this)) {
      this.state = 'held';
      return;
    }
    this.state = 'waiting';
    this.waiting = this.waitForTurn();
    return this.waiting;
  }

  private async waitForTurn(): Promise<void> {
    const onAbort = () => this.release();
    this.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      await new Promise<void>((resolve, reject) => {
        this.granted = resolve;
        this.refused = reject;
      });
    } finally {
      this.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Whether this request holds the turn (its answer is heavy). */
  get heavy(): boolean {
    return this.state === 'held';
  }

  /** The answer is written, or the request failed: the turn goes on. Safe to call more than once. */
  release(): void {
    const was = this.state;
    this.state = 'done';
    if (was === 'held') this.turns.finish();
    if (was === 'waiting') {
      this.turns.withdraw(this);
      this.refused?.(abandoned());
    }
  }

  /** @internal */
  grant(): void {
    if (this.state !== 'waiting') {
      this.turns.finish();
      return;
    }
    this.state = 'held';
    this.granted?.();
  }
}

const abandoned = () => new DomainError('unavailable', 'the client closed the connection before its answer was ready');
