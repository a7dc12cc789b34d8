import { FairQueue } from '../../src/workers/fair-queue';

interface Job {
  workspaceId: string;
  n: number;
  kind?: string;
}
const job = (workspaceId: string, n: number, kind?: string): Job => ({ workspaceId, n, kind });

/** Takes out every job that may start now, finishing none. */
const startAll = (queue: FairQueue<Job>) => {
  const order: number[] = [];
  for (let next = queue.shift(); next; next = queue.shift()) order.push(next.n);
  return order;
};

/** Takes out jobs one at a time, each finished before the next is taken (one thread). */
const oneByOne = (queue: FairQueue<Job>) => {
  const order: number[] = [];
  for (let next = queue.shift(); next; next = queue.shift()) {
    order.push(next.n);
    queue.finish(next);
  }
  return order;
};

describe('FairQueue', () => {
  it('serves workspaces in turn, each in its own order', () => {
    const queue = new FairQueue<Job>();
    for (let n = 1; n <= 5; n += 1) queue.push(job('busy', n));
    queue.push(job('quiet', 100));
    queue.push(job('other', 200));
    queue.push(job('quiet', 101));
    expect(queue.size).toBe(8);
    // busy's first job, then the quiet workspaces, then busy's queue keeps its turn among them.
    expect(oneByOne(queue)).toEqual([1, 100, 200, 2, 101, 3, 4, 5]);
    expect(queue.size).toBe(0);
    expect(queue.shift()).toBeNull();
  });

  it("counts each workspace's waiting jobs, and withdraws a job while it waits, not once taken; a workspace left with none loses its turn", () => {
    const queue = new FairQueue<Job>();
    const [a1, a2, b1, a3] = [job('a', 1), job('a', 2), job('b', 3), job('a', 4)];
    for (const j of [a1, a2, b1, a3]) queue.push(j);
    expect([queue.sizeOf('a'), queue.sizeOf('b'), queue.sizeOf('c')]).toEqual([3, 1, 0]);
    expect(queue.withdraw(a2)).toBe(true);
    expect(queue.withdraw(a2)).toBe(false); // gone already
    expect(queue.withdraw(job('a', 1))).toBe(false); // another job, even of the same workspace
    expect(queue.withdraw(b1)).toBe(true);
    expect([queue.sizeOf('a'), queue.size]).toEqual([2, 2]);
    expect(queue.shift()).toBe(a1);
    expect(queue.withdraw(a1)).toBe(false); // taken: not withdrawn
    expect(oneByOne(queue)).toEqual([4]);
  });

  it('holds a workspace to its share of threads: past it, shift skips it and serves the next workspace, or none', () => {
    const queue = new FairQueue<Job>(1);
    for (let n = 1; n <= 3; n += 1) queue.push(job('busy', n));
    queue.push(job('other', 100));
    // Two free threads: busy takes one, the other goes to `other`, not to busy's second job.
    const first = queue.shift()!;
    const second = queue.shift()!;
    expect([first.n, second.n]).toEqual([1, 100]);
    expect(queue.runningOf('busy')).toBe(1);
    // A third thread free: busy holds its share and nobody else waits, so the thread stays free.
    expect(queue.shift()).toBeNull();
    expect(queue.size).toBe(2);
    // busy's job ends: busy, whose turn was kept, is served next.
    queue.push(job('late', 200));
    queue.finish(first);
    expect(queue.runningOf('busy')).toBe(0);
    expect(queue.shift()!.n).toBe(2);
    expect(queue.shift()!.n).toBe(200);
    expect(queue.shift()).toBeNull();
  });

  it('a share of two: a workspace alone runs two jobs at once, never three', () => {
    const queue = new FairQueue<Job>(2);
    for (let n = 1; n <= 5; n += 1) queue.push(job('busy', n));
    expect(startAll(queue)).toEqual([1, 2]);
    expect(queue.runningOf('busy')).toBe(2);
    expect(queue.size).toBe(3);
  });

  it('without a share, a workspace alone may take every thread', () => {
    const queue = new FairQueue<Job>();
    for (let n = 1; n <= 5; n += 1) queue.push(job('busy', n));
    expect(startAll(queue)).toEqual([1, 2, 3, 4, 5]);
  });

  it('holds a kind of job to its threads: a workspace whose next job is of a kind at its limit waits, the others are served', () => {
    const queue = new FairQueue<Job>(Number.POSITIVE_INFINITY, { pdf: 1 });
    queue.push(job('a', 1, 'pdf'));
    queue.push(job('b', 2, 'pdf'));
    queue.push(job('b', 3));
    queue.push(job('c', 4));
    const first = queue.shift()!;
    // b's next job is a PDF and a PDF runs: c is served, b keeps its turn; b's create waits behind its own PDF.
    expect([first.n, queue.shift()!.n, queue.shift()]).toEqual([1, 4, null]);
    queue.finish(first);
    expect([queue.shift()!.n, queue.shift()!.n]).toEqual([2, 3]);
  });
});
