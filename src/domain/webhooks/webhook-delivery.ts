import type { EntryEvent } from '../entries/model/entry-event';
import type { EventStore, FeedState } from '../events/event-store';
import { READ_WINDOW } from '../events/events.service';
import { SharedReads, Tally } from '../runtime';
import {
  DISABLE_AFTER_MS,
  KEPT_AFTER_PRUNE,
  prunesAt,
  GIVE_UP_AFTER_MS,
  type DeliveryStatus,
  type EndpointProgress,
  type WebhookDelivery,
  type WebhookEndpoint,
} from './webhook';
import type { SendOutcome, WebhookSender } from './webhook-sender.port';
import { isTestDelivery, TEST_EVENT_TYPE, testEventPayload } from './webhook-test-event';
import type { WebhookStore } from './webhook-store';
import type { DispatcherOptions } from './dispatcher-options';
import { progressOf, retryDelayMs, verdictOf, webhookPayload } from './delivery-rules';

/** Events one claim delivers to an endpoint before it goes back to the pool, so that others get their turn. */
const EVENTS_PER_CLAIM = 100;

/**
 * Delivers each endpoint's events in feed order, one at a time per endpoint, in every process at once: a poll
 * (every `pollMs`, and at once when `wake` is called after a write) claims due endpoints with a lease, so that one
 * process delivers to an endpoint at a time; a process that dies leaves its leases to expire, and another goes on.
 * At most `concurrency` endpoints are worked at once per process, each apart from the others: a slow endpoint
 * holds up only itself, and never a write (delivery reads the feed the writes left).
 */
export class WebhookDispatcher {
  /** The endpoints worked at the moment, one run each. */
  private readonly running = new Set<Promise<void>>();
  /** Of them, per workspace. */
  private readonly workingIn = new Tally();
  /** The endpoints this process is delivering to (bounded by `concurrency`): never claimed twice at once. */
  private readonly delivering = new Set<string>();
  /** The scheduled attempts (asked for by hand) this process is sending, by id. */
  private readonly sendingScheduled = new Set<string>();
  private readonly stopping = new AbortController();
  /** The endpoints of a workspace claimed together read its feed once (shared while the read runs). */
  private readonly feedStates = new SharedReads<FeedState>({ keepMs: 0, maxEntries: 1_000 });
  private readonly feedReads = new SharedReads<EntryEvent[]>({ keepMs: 0, maxEntries: 1_000 });
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private pollAgain = false;

  constructor(
    private readonly store: WebhookStore,
    private readonly events: EventStore,
    private readonly sender: WebhookSender,
    private readonly options: DispatcherOptions,
    private readonly newId: () => string,
    private readonly onError: (error: unknown) => void,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  start(): void {
    if (this.timer || this.stopping.signal.aborted) return;
    this.timer = setInterval(() => void this.poll(), this.options.pollMs);
    this.timer.unref();
    void this.poll();
  }

  /** Events were written, or an endpoint enabled: look for due endpoints now rather than at the next tick. */
  wake(): void {
    if (this.timer) setImmediate(() => void this.poll());
  }

  /** Stops polling, cuts attempts under way (their endpoints are retried later), and waits for them to end. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.stopping.abort();
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private async poll(): Promise<void> {
    if (this.stopping.signal.aborted) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = true;
    try {
      do {
        this.pollAgain = false;
        const free = this.options.concurrency - this.running.size;
        if (free <= 0) break;
        const now = this.clock();
        const until = new Date(now.getTime() + this.options.leaseMs);
        // An endpoint this process still delivers to whose lease ran out meanwhile (a stalled loop, a slow
        // receiver): a second run beside the first would send each of its events twice.
        const claimed = await this.store.claimDue(
          this.options.owner,
          now,
          until,
          free,
          this.sharer((workspaceId, id) => !this.delivering.has(endpointKey(workspaceId, id))),
          this.fairness(),
        );
        for (const endpoint of claimed) this.work(endpoint);
        // Attempts asked for by hand take the places left, within the same shares: no send bypasses them.
        const left = free - claimed.length;
        const scheduled =
          left > 0
            ? await this.store.claimScheduled(
                now,
                until,
                left,
                this.fairness(),
                this.sharer((_, id) => !this.sendingScheduled.has(id)),
              )
            : [];
        for (const delivery of scheduled) this.workScheduled(delivery);
        if (claimed.length + scheduled.length === free) this.pollAgain = true; // there may be more due
      } while (this.pollAgain && !this.stopping.signal.aborted);
    } catch (error) {
      this.onError(error); // the database is away: the next tick tries again
    } finally {
      this.polling = false;
    }
  }

  /** Each workspace up to its share, counting what this claim takes; `free` says whether the row itself may be taken. */
  private sharer(free: (workspaceId: string, id: string) => boolean): (workspaceId: string, id: string) => boolean {
    const taken = new Tally();
    return (workspaceId, id) => {
      if (!free(workspaceId, id)) return false;
      if (this.workingIn.of(workspaceId) + taken.of(workspaceId) >= this.options.workspaceConcurrency) return false;
      taken.add(workspaceId);
      return true;
    };
  }

  /** Workspaces at their share are left out of the scan, so that however many they have due, others' are found. */
  private fairness() {
    const cap = this.options.workspaceConcurrency;
    return { perWorkspace: cap, skipWorkspaces: [...this.workingIn.keys()].filter((workspaceId) => this.workingIn.of(workspaceId) >= cap) };
  }

  private work(endpoint: WebhookEndpoint): void {
    const key = endpointKey(endpoint.workspaceId, endpoint.id);
    this.delivering.add(key);
    this.track(endpoint.workspaceId, this.deliverDue(endpoint), () => this.delivering.delete(key));
  }

  private workScheduled(delivery: WebhookDelivery): void {
    this.sendingScheduled.add(delivery.id);
    this.track(delivery.workspaceId, this.sendScheduled(delivery), () => this.sendingScheduled.delete(delivery.id));
  }

  /** A run under way: it holds a place of the process and of its workspace until it ends. */
  private track(workspaceId: string, job: Promise<void>, done: () => void): void {
    this.workingIn.add(workspaceId);
    const run = job
      .catch((error) => this.onError(error))
      .finally(() => {
        done();
        this.workingIn.remove(workspaceId);
        this.running.delete(run);
        this.wake();
      });
    this.running.add(run);
  }

  /**
   * Delivers the endpoint's due events in order, until one is to be retried later, none is left, or the claim's
   * share is done: the feed read once for the claim, each attempt written with the endpoint's progress in one
   * transaction, and the lease given back at the end.
   */
  private async deliverDue(claimed: WebhookEndpoint): Promise<void> {
    const { owner } = this.options;
    let endpoint = claimed;
    const { workspaceId, deliveredSeq, eventTypes } = endpoint;
    const { lastSeq } = await this.feedStates.read(workspaceId, () => this.events.feedState(workspaceId));
    // A window of the feed at a time, up to the place read before (every event up to it is placed and committed).
    const through = Math.max(deliveredSeq, Math.min(lastSeq, deliveredSeq + READ_WINDOW));
    const slice = { afterSeq: deliveredSeq, throughSeq: through, limit: EVENTS_PER_CLAIM, types: eventTypes };
    const due = await this.feedReads.read(JSON.stringify([workspaceId, slice]), () => this.events.readEvents(workspaceId, slice));
    const whole = due.length < EVENTS_PER_CLAIM;
    for (const [i, event] of due.entries()) {
      if (this.stopping.signal.aborted) break;
      // The last event of a whole read: its record also ends the claim (delivered up to `through`, the lease given back).
      const next = await this.attempt(endpoint, event, whole && i === due.length - 1 ? through : undefined);
      if (!next) return;
      endpoint = next;
    }
    // Every event read was delivered or given up: the endpoint is delivered up to what was read (past the events
    // its types leave out), unless the claim's share cut the read short.
    const reached = due.length === EVENTS_PER_CLAIM || this.stopping.signal.aborted ? endpoint.deliveredSeq : through;
    await this.store.progress(
      endpoint,
      owner,
      { ...progressOf(endpoint), deliveredSeq: Math.max(reached, endpoint.deliveredSeq) },
      this.clock(),
    );
  }

  /**
   * One attempt at an event of the endpoint; the endpoint as it then stands, if it goes on at once. With `closing`
   * (the claim's last event), an attempt that would go on ends the claim instead: delivered up to `closing`, the
   * lease given back, in the attempt's own write.
   */
  private async attempt(endpoint: WebhookEndpoint, event: EntryEvent, closing?: number): Promise<WebhookEndpoint | undefined> {
    const { owner, retryScale } = this.options;
    const outcome = await this.sender.send(this.messageOf(endpoint, event), this.stopping.signal);
    if (this.stopping.signal.aborted && outcome.status === undefined) {
      // Cut by the close, not the endpoint's fault: no attempt counted, and the lease given up for another process.
      this.options.onAttempt?.('interrupted');
      await this.store.progress(endpoint, owner, progressOf(endpoint), this.clock());
      return undefined;
    }
    const now = this.clock();
    const verdict = verdictOf(outcome);
    const attempt = endpoint.attempts + 1;
    const startedAt = endpoint.attemptStartedAt ?? now;
    const failingSince = verdict === 'delivered' ? undefined : (endpoint.failingSince ?? now);
    let status: DeliveryStatus;
    let progress: EndpointProgress;
    if (verdict === 'delivered') {
      status = 'delivered';
      progress = { deliveredSeq: event.seq, attempts: 0 };
    } else if (verdict === 'retry' && now.getTime() - startedAt.getTime() < GIVE_UP_AFTER_MS * retryScale) {
      status = 'retrying';
      progress = {
        deliveredSeq: endpoint.deliveredSeq,
        attempts: attempt,
        attemptStartedAt: startedAt,
        failingSince,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempt, retryScale)),
      };
    } else {
      status = 'failed'; // an answer that will not change, or three days of retries: given up, and on to the next event
      progress = { deliveredSeq: event.seq, attempts: 0, failingSince };
    }
    if (failingSince && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS * retryScale) {
      progress = { ...progress, nextAttemptAt: undefined, disabledReason: `every delivery failed since ${failingSince.toISOString()}` };
    }
    let goesOn = status !== 'retrying' && !progress.disabledReason;
    if (goesOn && closing !== undefined) {
      progress = { ...progress, deliveredSeq: Math.max(closing, progress.deliveredSeq) };
      goesOn = false;
    }
    // The attempt and where the endpoint stands, in one write; the lease kept while it goes on.
    const delivery = this.deliveryOf(endpoint, event, outcome, status, attempt, progress.nextAttemptAt, now);
    const prune = prunesAt(endpoint.deliveredSeq, event.seq, attempt) ? KEPT_AFTER_PRUNE : undefined;
    const kept = await this.store.recordAttempt(
      delivery,
      prune,
      owner,
      progress,
      goesOn ? new Date(now.getTime() + this.options.leaseMs) : undefined,
    );
    if (kept) this.options.onAttempt?.(status, status === 'delivered' ? (now.getTime() - event.createdAt.getTime()) / 1000 : undefined);
    if (kept && progress.disabledReason) this.options.onDisabled?.();
    if (!kept || !goesOn) return undefined;
    return {
      ...endpoint,
      ...progress,
      attemptStartedAt: progress.attemptStartedAt,
      nextAttemptAt: progress.nextAttemptAt,
      failingSince: progress.failingSince,
    };
  }

  /**
   * One more attempt at an event, on request, apart from the endpoint's place in the feed and its retries: recorded
   * as `scheduled` and sent by the poll like any other attempt (within `concurrency` and the workspace's share), never
   * by the request that asked for it.
   */
  schedule(endpoint: WebhookEndpoint, event: EntryEvent): Promise<WebhookDelivery> {
    return this.scheduleRow(endpoint, event.id, event.seq, event.type);
  }

  /**
   * A test event (webhook-test-event.ts) for one endpoint, scheduled and sent as a resend is: the same limits,
   * signature and address checks. `eventId`: a resend of an earlier test keeps its id (`webhook-id`).
   */
  scheduleTest(endpoint: WebhookEndpoint, eventId = this.newId()): Promise<WebhookDelivery> {
    return this.scheduleRow(endpoint, eventId, 0, TEST_EVENT_TYPE);
  }

  private async scheduleRow(endpoint: WebhookEndpoint, eventId: string, eventSeq: number, eventType: string): Promise<WebhookDelivery> {
    const now = this.clock();
    const delivery: WebhookDelivery = {
      id: this.newId(),
      workspaceId: endpoint.workspaceId,
      endpointId: endpoint.id,
      eventId,
      eventSeq,
      eventType,
      status: 'scheduled',
      durationMs: 0,
      attempt: 1,
      nextAttemptAt: now,
      createdAt: now,
    };
    await this.store.recordDelivery(delivery, KEPT_AFTER_PRUNE);
    this.wake();
    return delivery;
  }

  /** The body a scheduled attempt sends: its event as the feed still keeps it, or the test event; undefined when the event is gone. */
  private async bodyOf(delivery: WebhookDelivery): Promise<string | undefined> {
    if (isTestDelivery(delivery)) return JSON.stringify(testEventPayload(delivery));
    const [event] = await this.events.readEvents(delivery.workspaceId, {
      afterSeq: delivery.eventSeq - 1,
      throughSeq: delivery.eventSeq,
      limit: 1,
    });
    return event && event.id === delivery.eventId ? JSON.stringify(webhookPayload(event)) : undefined;
  }

  /** Sends a scheduled attempt, and writes what came of it on its record. */
  private async sendScheduled(delivery: WebhookDelivery): Promise<void> {
    const endpoint = await this.store.find(delivery.workspaceId, delivery.endpointId);
    if (!endpoint) return; // deleted since, and its attempts with it
    const body = await this.bodyOf(delivery);
    let outcome: SendOutcome = { durationMs: 0, error: 'event no longer kept' };
    if (body !== undefined) {
      outcome = await this.sender.send(this.messageWith(endpoint, delivery.eventId, body), this.stopping.signal);
      if (this.stopping.signal.aborted && outcome.status === undefined) {
        // Cut by the close: it stays scheduled, and is sent once its mark passes (here after a restart, or elsewhere).
        this.options.onAttempt?.('interrupted');
        return;
      }
    }
    const status: DeliveryStatus = verdictOf(outcome) === 'delivered' ? 'delivered' : 'failed';
    const done = {
      ...delivery,
      status,
      responseCode: outcome.status,
      durationMs: outcome.durationMs,
      responseExcerpt: outcome.excerpt,
      error: outcome.error?.slice(0, 255),
      nextAttemptAt: undefined,
    };
    if (await this.store.finishScheduled(done)) this.options.onAttempt?.(status); // no lag: sent again on request, not in the feed's course
  }

  private messageOf(endpoint: WebhookEndpoint, event: EntryEvent) {
    return this.messageWith(endpoint, event.id, JSON.stringify(webhookPayload(event)));
  }

  private messageWith(endpoint: WebhookEndpoint, webhookId: string, body: string) {
    const now = this.clock();
    const secrets = [endpoint.secret];
    if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now)
      secrets.push(endpoint.previousSecret);
    return { url: endpoint.url, webhookId, body, secrets };
  }

  private deliveryOf(
    endpoint: WebhookEndpoint,
    event: EntryEvent,
    outcome: SendOutcome,
    status: DeliveryStatus,
    attempt: number,
    nextAttemptAt: Date | undefined,
    at: Date,
  ): WebhookDelivery {
    return {
      id: this.newId(),
      workspaceId: endpoint.workspaceId,
      endpointId: endpoint.id,
      eventId: event.id,
      eventSeq: event.seq,
      eventType: event.type,
      status,
      responseCode: outcome.status,
      durationMs: outcome.durationMs,
      responseExcerpt: outcome.excerpt,
      error: outcome.error?.slice(0, 255),
      attempt,
      nextAttemptAt,
      createdAt: at,
    };
  }
}

/** An endpoint's key among those this process delivers to. */
const endpointKey = (workspaceId: string, id: string) => `${workspaceId}\n${id}`;
