import type { EventStore } from './event-store';

/** How often the sequencer looks for events no process placed (one whose process stopped before placing them). */
export const SEQUENCER_POLL_MS = 1_000;

/**
 * Places committed events in their workspaces' feeds, after their commit (EventStore.placeUnplaced): at once
 * when a write of this process says it has committed some (`poke`), and now and then for events another
 * process wrote but did not place. Runs one batch at a time; a failed run is reported and the next tries again.
 */
export class FeedSequencer {
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: EventStore,
    /** Told of the workspaces whose feeds grew. */
    private readonly onPlaced: (workspaceIds: readonly string[]) => void,
    private readonly onError: (error: unknown) => void,
    private readonly pollMs = SEQUENCER_POLL_MS,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.sweepIfNeeded(), this.pollMs);
    this.timer.unref();
  }

  /**
   * A write of this process committed events: places them now, or in the run right after the one under way
   * (many writes at once share a run). Resolves once they are placed (or the run failed: it never rejects).
   */
  poke(): Promise<void> {
    if (!this.running) return this.begin();
    this.queued ??= this.running.then(() => {
      this.queued = undefined;
      return this.begin();
    });
    return this.queued;
  }

  private begin(): Promise<void> {
    const run: Promise<void> = this.placeAll().finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.queued;
    await this.running;
  }

  private async sweepIfNeeded(): Promise<void> {
    if (this.running) return;
    try {
      if (await this.store.hasUnplaced()) this.poke();
    } catch (error) {
      this.onError(error);
    }
  }

  /**
   * Places what was committed before the run began, batch after batch, and stops at the first batch that is not
   * full: a run that went on until it found nothing would, beside a workspace that writes without pause, never end,
   * and the writes queued behind it (of every workspace) would wait as long.
   */
  private async placeAll(): Promise<void> {
    try {
      for (;;) {
        const { workspaces, more } = await this.store.placeUnplaced();
        if (workspaces.length > 0) this.onPlaced(workspaces);
        if (!more) return;
      }
    } catch (error) {
      this.onError(error);
    }
  }
}
