import type { EventStore } from './event-store';
import { DomainError } from '../shared/errors';

/** How often the feeds being waited on are read again, for events another process wrote. */
export const FEED_POLL_MS = 250;
/** Waiters (long polls, subscriptions between pages) one workspace may have at once. */
export const WAITERS_PER_WORKSPACE = 256;
/** Workspaces whose last places are read in one query. */
const POLL_BATCH = 500;

interface Waiter {
  afterSeq: number;
  wake: () => void;
}

/**
 * Wakes whoever waits for a workspace's feed to pass a place. A write of this process says so at once
 * (`written`); events written by other processes are seen by reading, every FEED_POLL_MS, the last place of the
 * feeds someone waits on (one query per batch of workspaces, and only while someone waits). Waiters are bounded
 * per workspace: past WAITERS_PER_WORKSPACE, 503.
 */
export class FeedWatch {
  private readonly waiting = new Map<string, Set<Waiter>>();
  /** How many times feeds moved (see wakeCount): one number for all workspaces, so nothing grows per workspace. */
  private wakes = 0;
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private closed = false;

  constructor(
    private readonly store: EventStore,
    private readonly pollMs = FEED_POLL_MS,
  ) {}

  /** True once the process is closing: a wait answers at once, so a reader that follows the feed stops. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** Waiters at the moment, over all workspaces: a gauge. */
  get size(): number {
    let n = 0;
    for (const set of this.waiting.values()) n += set.size;
    return n;
  }

  /** A write of this process committed events in the workspace: every waiter there reads again. */
  written(workspaceId: string): void {
    this.wakes += 1;
    const set = this.waiting.get(workspaceId);
    if (!set) return;
    for (const waiter of [...set]) waiter.wake();
  }

  /**
   * How many times a feed was seen to move (a write of this process, or the poll waking a waiter): reads of a feed
   * begun at the same count may share one query, since no feed moved for their readers after it began.
   */
  get wakeCount(): number {
    return this.wakes;
  }

  /**
   * Resolves once the workspace's feed has an event after `afterSeq` (true), or after `ms`, or when `signal`
   * aborts (false).
   */
  waitPast(workspaceId: string, afterSeq: number, ms: number, signal?: AbortSignal): Promise<boolean> {
    if (this.closed || signal?.aborted || ms <= 0) return Promise.resolve(false);
    let set = this.waiting.get(workspaceId);
    if (set && set.size >= WAITERS_PER_WORKSPACE) {
      return Promise.reject(
        new DomainError('unavailable', `too many waiting reads of this workspace's events (at most ${WAITERS_PER_WORKSPACE}); try again`),
      );
    }
    if (!set) this.waiting.set(workspaceId, (set = new Set()));
    const waiters = set;
    return new Promise<boolean>((resolve) => {
      const done = (passed: boolean) => {
        clearTimeout(timeout);
        signal?.removeEventListener('abort', onAbort);
        waiters.delete(waiter);
        if (waiters.size === 0 && this.waiting.get(workspaceId) === waiters) this.waiting.delete(workspaceId);
        if (this.waiting.size === 0) this.stopPolling();
        resolve(passed);
      };
      const waiter: Waiter = { afterSeq, wake: () => done(true) };
      const onAbort = () => done(false);
      const timeout = setTimeout(() => done(false), ms);
      signal?.addEventListener('abort', onAbort, { once: true });
      waiters.add(waiter);
      this.startPolling();
    });
  }

  /** Wakes every waiter, and answers later ones at once: the process is closing. */
  close(): void {
    this.closed = true;
    for (const set of this.waiting.values()) for (const waiter of [...set]) waiter.wake();
    this.stopPolling();
  }

  private startPolling(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
  }

  private stopPolling(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const workspaces = [...this.waiting.keys()];
      for (let i = 0; i < workspaces.length; i += POLL_BATCH) {
        const last = await this.store.lastSeqs(workspaces.slice(i, i + POLL_BATCH));
        for (const [workspaceId, seq] of last) {
          const passed = [...(this.waiting.get(workspaceId) ?? [])].filter((waiter) => seq > waiter.afterSeq);
          if (passed.length > 0) this.wakes += 1;
          for (const waiter of passed) waiter.wake();
        }
      }
    } catch {
      // The database is away for a moment: the waiters wait on, to their own deadlines, and the next poll tries again.
    } finally {
      this.polling = false;
    }
  }
}
