/**
 * Long work on the HTTP thread (a heavy answer's rows read, shaped and written) goes in slices of a few
 * milliseconds, and between two slices it waits here. The waiting slices go on one per turn of the event loop,
 * first come first served: between any two, the loop reads the sockets and serves what arrived (another
 * tenant's request), however many long answers are being made at once. Each waiting request gives its own
 * place (one at a time), so the line is as long as the requests in flight.
 *
 * Light requests go first: while one is in flight, a slice of a heavy answer (one that holds a read turn) waits
 * for it to end, up to LIGHT_FIRST_MS. A request takes a few turns of the loop (its queries, its answer); with a
 * slice of a heavy answer on every turn it would wait that many slices, and the database would be busy with the
 * heavy answer's queries meanwhile.
 */
const waiting: { resolve: () => void; since: number; yields: boolean }[] = [];
let scheduled = false;
let deferred: NodeJS.Timeout | undefined;

/** Longest a slice of long work waits for the light requests in flight: long work slows, never stops. */
export const LIGHT_FIRST_MS = 20;

function goOnWithOne(): void {
  scheduled = false;
  if (waiting.length === 0) return;
  const index = lightRequests.inFlight() ? firstNotYielding() : 0;
  if (index < 0) {
    // Woken when the last light request ends (lightRequests), or when the oldest slice has waited long enough.
    deferred = setTimeout(wake, Math.max(1, Math.ceil(LIGHT_FIRST_MS - (performance.now() - waiting[0].since))));
    return;
  }
  const [next] = waiting.splice(index, 1);
  // Scheduled from within this turn's immediates, the next one runs on the loop's next turn, after its I/O.
  if (waiting.length > 0) schedule();
  next.resolve();
}

/** The first waiting slice that goes on while light requests are in flight, or -1. */
function firstNotYielding(): number {
  const now = performance.now();
  return waiting.findIndex((slice) => !slice.yields || now - slice.since >= LIGHT_FIRST_MS);
}

function wake(): void {
  clearTimeout(deferred);
  deferred = undefined;
  if (waiting.length > 0) schedule();
}

function schedule(): void {
  if (scheduled || deferred) return;
  scheduled = true;
  setImmediate(goOnWithOne);
}

/**
 * Resolves on a later turn of the event loop, once the slices that waited before this one have gone on. A slice
 * of a heavy answer (`yields`) also lets the light requests in flight go first.
 */
export function nextSlice(yields = false): Promise<void> {
  return new Promise<void>((resolve) => {
    waiting.push({ resolve, since: performance.now(), yields });
    // Heavy slices put off for light requests never hold up one that does not yield.
    if (!yields && deferred) wake();
    else schedule();
  });
}

/** A request past this age is not light, whatever it does: a long poll, a slow client, a stalled body. */
const LIGHT_AGE_MS = 1000;

/**
 * The light requests in flight: each from its arrival until its end, or until it turns out to be heavy (its
 * answer takes a read turn), or LIGHT_AGE_MS.
 */
class LightRequests {
  /** Each light request's arrival, oldest first. */
  private readonly arrivals = new Map<symbol, number>();

  /** A request begins; the function returned ends it (at its end, or once it is known to be long). */
  begin(): () => void {
    const mark = Symbol('light request');
    this.arrivals.set(mark, performance.now());
    return () => {
      if (this.arrivals.delete(mark) && this.arrivals.size === 0 && deferred) wake();
    };
  }

  inFlight(): boolean {
    const oldest = performance.now() - LIGHT_AGE_MS;
    for (const [mark, arrived] of this.arrivals) {
      if (arrived > oldest) return true;
      this.arrivals.delete(mark);
    }
    return false;
  }
}

export const lightRequests = new LightRequests();

/** How long a piece of long work runs before it lets the loop serve others. */
export const SLICE_MS = 2;

/**
 * One request's share of the thread: pause() goes on at once until the request has run SLICE_MS since it last let
 * others run, then waits for its next slice. Resolvers of a heavy GraphQL request, or a long answer's writer,
 * call it between their steps: promise callbacks alone would run them all before any other request.
 */
export class SliceClock {
  private since = performance.now();

  /** `heavy`: whether the work is a heavy answer's, which lets light requests go first (see nextSlice). */
  constructor(private readonly heavy: () => boolean = () => false) {}

  async pause(): Promise<void> {
    if (performance.now() - this.since < SLICE_MS) return;
    await nextSlice(this.heavy());
    this.since = performance.now();
  }
}
