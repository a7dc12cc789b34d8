/** How long an answer is kept, how many at most, and what they may weigh in all (none of it grows without bound). */
export interface SharedReadsLimits {
  /** 0: an answer is shared only while its query runs. */
  keepMs: number;
  maxEntries: number;
  weigh?: (answer: unknown) => number;
  maxWeight?: number;
  /** Milliseconds now (tests set the time). */
  clock?: () => number;
}

interface Kept<T> {
  answer: Promise<T>;
  /** When it was answered; undefined while its query runs. */
  at?: number;
  weight: number;
}

/**
 * Reads with the same key share one query: the first starts it, the others take its answer, while it runs and
 * then for `keepMs`. The keys say when two reads may share: the same arguments, and whatever else makes their
 * answers the same (see EventsService, which keys a read of a feed's last place by the wakes of its watch, and
 * the subscription server, which shares each event's result among the subscribers running one document).
 * Bounded by the number of answers and their weight; a failed query is never shared after it fails.
 */
export class SharedReads<T> {
  private readonly kept = new Map<string, Kept<T>>();
  private weight = 0;

  constructor(private readonly limits: SharedReadsLimits = { keepMs: 0, maxEntries: 1000 }) {}

  read(key: string, load: () => Promise<T>): Promise<T> {
    const found = this.kept.get(key);
    if (found && (found.at === undefined || this.now() - found.at < this.limits.keepMs)) return found.answer;
    if (found) this.forget(key, found);
    const entry: Kept<T> = { answer: load(), weight: 0 };
    this.kept.set(key, entry);
    entry.answer.then(
      (answer) => {
        if (this.kept.get(key) !== entry) return;
        if (this.limits.keepMs <= 0) return this.forget(key, entry);
        entry.at = this.now();
        entry.weight = this.limits.weigh?.(answer) ?? 0;
        this.weight += entry.weight;
        this.trim();
      },
      () => this.kept.get(key) === entry && this.forget(key, entry),
    );
    return entry.answer;
  }

  private now(): number {
    return this.limits.clock?.() ?? Date.now();
  }

  private forget(key: string, entry: Kept<T>): void {
    this.kept.delete(key);
    this.weight -= entry.weight;
  }

  /** Drops the oldest answers (never one whose query runs) while over a bound. */
  private trim(): void {
    const maxWeight = this.limits.maxWeight ?? Infinity;
    for (const [key, entry] of this.kept) {
      if (this.kept.size <= this.limits.maxEntries && this.weight <= maxWeight) return;
      if (entry.at !== undefined) this.forget(key, entry);
    }
  }
}
