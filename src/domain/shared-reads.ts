/**
 * Reads made at once with the same key share one query: the first starts it, the others wait for its answer.
 * Nothing is kept once it is answered (no cache), so a read never answers older than the moment its query
 * started; the keys say when two reads may share (same arguments, and whatever else makes them the same).
 */
export class SharedReads<T> {
  private readonly inFlight = new Map<string, Promise<T>>();

  read(key: string, load: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const started = load().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }
}
