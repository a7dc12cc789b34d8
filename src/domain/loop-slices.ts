/**
 * Long work on the HTTP thread (a heavy answer's rows read, shaped and written) goes in slices of a few
 * milliseconds, and between two slices it waits here. The waiting slices go on one per turn of the event loop,
 * first come first served: between any two, the loop reads the sockets and serves what arrived (another
 * tenant's request), however many long answers are being made at once. Each waiting request gives its own
 * place (one at a time), so the line is as long as the requests in flight.
 */
const waiting: (() => void)[] = [];
let scheduled = false;

function goOnWithOne(): void {
  scheduled = false;
  const next = waiting.shift();
  // Scheduled from within this turn's immediates, the next one runs on the loop's next turn, after its I/O.
  if (waiting.length > 0) schedule();
  next?.();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(goOnWithOne);
}

/** Resolves on a later turn of the event loop, once the slices that waited before this one have gone on. */
export function nextSlice(): Promise<void> {
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
    schedule();
  });
}

/** How long a piece of long work runs before it lets the loop serve others. */
export const SLICE_MS = 2;

/**
 * One request's share of the thread: pause() goes on at once until the request has run SLICE_MS since it last let
 * others run, then waits for its next slice. Resolvers of a heavy GraphQL request, or a long answer's writer,
 * call it between their steps: promise callbacks alone would run them all before any other request.
 */
export class SliceClock {
  private since = performance.now();

  async pause(): Promise<void> {
    if (performance.now() - this.since < SLICE_MS) return;
    await nextSlice();
    this.since = performance.now();
  }
}
