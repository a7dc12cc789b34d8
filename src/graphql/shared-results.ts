import type { ExecutionResult } from 'graphql';

/** How long a result is shared: subscribers woken by one event execute it within this time. */
const SHARED_MS = 1_000;
/** Results kept at once, at most: the oldest go first. */
const MAX_RESULTS = 2_000;

/**
 * The results of one subscription document for one event, shared by the workspace's subscribers that run the
 * same document with the same variables (a hundred tabs of one front end): executed once, sent to each. A result
 * is shared for a second at most (its entry is as it was then), and a bounded number are kept; the key says which
 * subscribers may share (workspace, document, variables, event, and the address file links are made for).
 */
export class SharedResults {
  private readonly results = new Map<string, { at: number; result: Promise<ExecutionResult> }>();

  run(key: string, execute: () => Promise<ExecutionResult>, now = Date.now()): Promise<ExecutionResult> {
    const kept = this.results.get(key);
    if (kept && now - kept.at < SHARED_MS) return kept.result;
    const result = execute();
    this.results.delete(key);
    this.results.set(key, { at: now, result });
    // A failed execution is not shared later: whoever asks next runs it again.
    result.catch(() => this.results.get(key)?.result === result && this.results.delete(key));
    for (const [oldest, entry] of this.results) {
      if (this.results.size <= MAX_RESULTS && now - entry.at < SHARED_MS) break;
      this.results.delete(oldest);
    }
    return result;
  }
}
