/** What each workspace's requests are held to; see RequestRates. */
export interface RequestRateLimits {
  /** Requests a workspace may start per second, sustained, while other workspaces are served; 0: no limit. */
  perSecond: number;
  /** Requests it may start at once, past that rate, after a quiet while. */
  burst: number;
  /** The longest a request waits for its turn; one whose turn is further off is refused. */
  maxWaitMs: number;
}

/** How long after a workspace's last request it still counts as being served. */
export const SERVED_WINDOW_MS = 10_000;
/** Past this many workspaces remembered, those with nothing owed are forgotten, once a second at most. */
const SWEEP_AT = 1_000;
const SWEEP_EVERY_MS = 1_000;

/** A request may start after `waitMs` (0: at once), or is refused: its turn would come `refusedForMs` past the longest wait. */
export type Admission = { waitMs: number } | { refusedForMs: number };

/**
 * Each workspace's requests at a steady rate, so that a tenant asking as fast as its connections allow takes its
 * share of the HTTP thread and not the whole of it. A workspace that is the only one served in the last
 * SERVED_WINDOW_MS is not held (a service with one tenant gives it everything); once another workspace is served,
 * every workspace past its rate waits for its turn, up to `maxWaitMs`, and past that is refused.
 *
 * The turns are the generic cell rate algorithm: each workspace keeps the time its next request would be due at
 * the steady rate (`due`); a request may start once it is no more than the burst's allowance ahead of that time.
 * A request made to wait costs a timer while it waits, nothing of the thread, which is what slows a client that
 * asks again the moment it is answered.
 */
export class RequestRates {
  private readonly due = new Map<string, number>();
  /** The two workspaces served last, most recent first, with the time of their last request. */
  private readonly recent: { workspaceId: string; at: number }[] = [];
  private readonly intervalMs: number;
  private readonly allowanceMs: number;
  private sweptAt = -Infinity;

  constructor(
    private readonly limits: RequestRateLimits,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.intervalMs = limits.perSecond > 0 ? 1000 / limits.perSecond : 0;
    this.allowanceMs = Math.max(0, limits.burst - 1) * this.intervalMs;
  }

  /** Workspaces owing turns now: bounded by those that made a request in the last burst and wait. */
  get remembered(): number {
    return this.due.size;
  }

  /** The turn of one request of the workspace, taken at once when it is admitted. */
  admit(workspaceId: string): Admission {
    if (this.intervalMs === 0) return { waitMs: 0 };
    const at = this.now();
    const alone = !this.othersServed(workspaceId, at);
    const due = Math.max(this.due.get(workspaceId) ?? at, at);
    const startAt = alone ? at : Math.max(at, due - this.allowanceMs);
    const waitMs = startAt - at;
    if (waitMs > this.limits.maxWaitMs) return { refusedForMs: waitMs - this.limits.maxWaitMs };
    this.served(workspaceId, at);
    // Alone, a workspace still spends its allowance, so that it is held at once when another comes; it never
    // owes more than that, whatever it asked for while alone.
    this.due.set(workspaceId, alone ? Math.min(due + this.intervalMs, at + this.allowanceMs + this.intervalMs) : due + this.intervalMs);
    if (this.due.size > SWEEP_AT && at - this.sweptAt >= SWEEP_EVERY_MS) this.sweep(at);
    return { waitMs };
  }

  private othersServed(workspaceId: string, at: number): boolean {
    const other = this.recent.find((served) => served.workspaceId !== workspaceId);
    return other !== undefined && at - other.at < SERVED_WINDOW_MS;
  }

  private served(workspaceId: string, at: number): void {
    const [last] = this.recent;
    if (last?.workspaceId === workspaceId) last.at = at;
    else {
      this.recent.unshift({ workspaceId, at });
      this.recent.length = Math.min(this.recent.length, 2);
    }
  }

  /** Forgets the workspaces whose next request is due already: they owe nothing. */
  private sweep(at: number): void {
    this.sweptAt = at;
    for (const [workspaceId, due] of this.due) if (due <= at) this.due.delete(workspaceId);
  }
}
