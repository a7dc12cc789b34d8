import { Piscina } from 'piscina';
import { FairQueue } from '../../src/engine/fair-queue';

/** A stand-in for piscina's queued task: only its queue options matter to the queue. */
const task = (workspaceId: string, n: number) => ({ n, [Piscina.queueOptionsSymbol]: { workspaceId } }) as never as { n: number };

const drain = (queue: FairQueue) => {
  const order: number[] = [];
  for (let next = queue.shift(); next; next = queue.shift()) order.push((next as unknown as { n: number }).n);
  return order;
};

describe('FairQueue', () => {
  it('serves workspaces in turn, each in its own order', () => {
    const queue = new FairQueue();
    for (let n = 1; n <= 5; n += 1) queue.push(task('busy', n) as never);
    queue.push(task('quiet', 100) as never);
    queue.push(task('other', 200) as never);
    queue.push(task('quiet', 101) as never);
    expect(queue.size).toBe(8);
    // busy's first task, then the quiet workspaces, then busy's queue keeps its turn among them.
    expect(drain(queue)).toEqual([1, 100, 200, 2, 101, 3, 4, 5]);
    expect(queue.size).toBe(0);
    expect(queue.shift()).toBeNull();
  });

  it('removes an aborted task, and a workspace left with none loses its turn', () => {
    const queue = new FairQueue();
    const a1 = task('a', 1);
    const b1 = task('b', 2);
    const a2 = task('a', 3);
    for (const t of [a1, b1, a2]) queue.push(t as never);
    queue.remove(b1 as never);
    queue.remove(task('b', 2) as never); // not queued: nothing happens
    expect(queue.size).toBe(2);
    expect(drain(queue)).toEqual([1, 3]);
  });

  it("counts each workspace's waiting tasks, and withdraws a task by its queue options while it waits", () => {
    const queue = new FairQueue();
    const a1 = task('a', 1);
    const a2 = task('a', 2);
    const b1 = task('b', 3);
    for (const t of [a1, a2, b1]) queue.push(t as never);
    expect([queue.sizeOf('a'), queue.sizeOf('b'), queue.sizeOf('c')]).toEqual([2, 1, 0]);
    const optionsOf = (t: object) => (t as Record<symbol, { workspaceId: string }>)[Piscina.queueOptionsSymbol];
    expect(queue.withdraw(optionsOf(a2))).toBe(true);
    expect(queue.withdraw(optionsOf(a2))).toBe(false); // gone already
    expect(queue.withdraw({ workspaceId: 'a' })).toBe(false); // other options, even of the same workspace
    expect(queue.sizeOf('a')).toBe(1);
    expect(queue.shift()).toBe(a1);
    expect(queue.withdraw(optionsOf(a1))).toBe(false); // taken by a thread: not withdrawn
    expect(drain(queue)).toEqual([3]);
  });
});
