/** Counts by key (what each workspace holds of something), keeping no key whose count is back to 0. */
export class Tally {
  private readonly counts = new Map<string, number>();

  of(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  add(key: string): void {
    this.counts.set(key, this.of(key) + 1);
  }

  /** The keys counted now (each with a count above 0). */
  keys(): IterableIterator<string> {
    return this.counts.keys();
  }

  remove(key: string): void {
    const left = this.of(key) - 1;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
  }
}
