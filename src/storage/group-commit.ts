import type { DataSource } from 'typeorm';
import { runTransaction, type Steps } from './sql-transaction';

export interface GroupCommitOptions {
  /** How long the first write of a group waits for others to join it. */
  windowMs: number;
  /** A group this large is committed at once. */
  maxWrites: number;
  /** `false`: the group's commit does not wait for the disk (see `TransactionOptions.durable`). */
  durable?: boolean;
}

const DEFAULTS: GroupCommitOptions = { windowMs: 2, maxWrites: 64, durable: true };

interface Waiting {
  steps: () => Steps<unknown>;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/**
 * Small writes that arrive close together, committed as one transaction: one commit (on SQLite, one sync of the
 * disk on the event loop) for the group rather than one each. Each write's steps still run whole and see what the
 * writes before them in the group wrote; a group that fails is run again write by write, so one bad write fails
 * alone. For writes that may wait a few milliseconds: bookkeeping such as a webhook attempt's record, never an
 * entry's change, whose answer waits for its own commit.
 */
export class GroupCommit {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The group being committed: the next one gathers meanwhile and starts when it is done. */
  private committing: Promise<void> | undefined;
  /** Groups committed and the writes in them, since the start (what the grouping saves shows in their ratio). */
  readonly committed = { groups: 0, writes: 0 };

  private readonly options: GroupCommitOptions;

  constructor(
    private readonly dataSource: DataSource,
    options: Partial<GroupCommitOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  run<R>(steps: () => Steps<R>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ steps, resolve: resolve as (result: unknown) => void, reject });
      if (this.waiting.length >= this.options.maxWrites) this.commitSoon(0);
      else this.commitSoon(this.options.windowMs);
    });
  }

  private commitSoon(ms: number): void {
    if (this.committing) return; // started when the group under way is committed
    if (this.timer && ms > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.commit(), ms);
  }

  private async commit(): Promise<void> {
    this.timer = undefined;
    const group = this.waiting.splice(0, this.options.maxWrites);
    if (group.length === 0) return;
    this.committing = this.commitGroup(group);
    await this.committing;
    this.committing = undefined;
    if (this.waiting.length > 0) this.commitSoon(this.waiting.length >= this.options.maxWrites ? 0 : this.options.windowMs);
  }

  private async commitGroup(group: Waiting[]): Promise<void> {
    if (group.length === 1) return this.commitAlone(group[0]);
    let results: unknown[];
    try {
      results = await runTransaction(
        this.dataSource,
        function* () {
          const out: unknown[] = [];
          for (const write of group) out.push(yield* write.steps());
          return out;
        },
        { durable: this.options.durable },
      );
    } catch {
      for (const write of group) await this.commitAlone(write);
      return;
    }
    this.count(group.length);
    group.forEach((write, i) => write.resolve(results[i]));
  }

  private async commitAlone(write: Waiting): Promise<void> {
    await runTransaction(this.dataSource, write.steps, { durable: this.options.durable }).then((result) => {
      this.count(1);
      write.resolve(result);
    }, write.reject);
  }

  private count(writes: number): void {
    this.committed.groups += 1;
    this.committed.writes += writes;
  }
}
