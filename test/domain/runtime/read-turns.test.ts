import { DomainError } from '../../../src/domain/shared/errors';
import { HEAVY_READ_BYTES, HEAVY_READS_WAITING_PER_WORKSPACE, ReadTurns } from '../../../src/domain/runtime';

const HEAVY = HEAVY_READ_BYTES + 1;
/** What show answers when the request must wait: a promise (undefined is "go on now"). */
const waits = (shown: Promise<void> | undefined): Promise<void> => {
  expect(shown).toBeInstanceOf(Promise);
  return shown!;
};
const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('heavy answers take turns', () => {
  test('a light answer never waits; a heavy one waits while another holds the turn', async () => {
    const turns = new ReadTurns();
    const first = turns.turn('a');
    await first.show(HEAVY);
    expect(first.heavy).toBe(true);
    const light = turns.turn('b');
    expect(light.show(HEAVY_READ_BYTES)).toBeUndefined(); // at the threshold, not past it: on at once, no promise
    expect(light.heavy).toBe(false);
    const second = turns.turn('b');
    const waiting = waits(second.show(HEAVY));
    expect(await settled(waiting)).toBe(false);
    expect(turns.load).toEqual({ active: 1, waiting: 1 });
    first.release();
    await waiting;
    expect(second.heavy).toBe(true);
    second.release();
    expect(turns.load).toEqual({ active: 0, waiting: 0 });
  });

  test('the next heavy answer is granted on a later turn of the event loop, after the work already queued', async () => {
    const turns = new ReadTurns();
    const first = turns.turn('a');
    await first.show(HEAVY);
    const order: string[] = [];
    const second = turns.turn('a');
    const waiting = waits(second.show(HEAVY)).then(() => order.push('granted'));
    await settled(Promise.resolve());
    // Work already queued on the event loop (another tenant's request) when the first answer ends.
    setImmediate(() => order.push('another request'));
    first.release();
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    expect(order).toEqual([]);
    await waiting;
    expect(order).toEqual(['another request', 'granted']);
    second.release();
  });

  test('every part of a waiting answer waits for its one turn, not only the part that passed the threshold', async () => {
    const turns = new ReadTurns();
    const holder = turns.turn('a');
    await holder.show(HEAVY);
    const answer = turns.turn('b');
    const files = waits(answer.show(HEAVY));
    const meta = waits(answer.show(10));
    const more = waits(answer.show(HEAVY));
    for (const part of [files, meta, more]) expect(await settled(part)).toBe(false);
    holder.release();
    await Promise.all([files, meta, more]);
    expect(answer.heavy).toBe(true);
    expect(turns.load).toEqual({ active: 1, waiting: 0 });
    answer.release();
  });

  test('onHeavy is called once, when an answer passes the threshold, whether it takes the turn or waits for it', async () => {
    const turns = new ReadTurns();
    const calls: string[] = [];
    const first = turns.turn('a', undefined, () => calls.push('first'));
    await first.show(HEAVY_READ_BYTES);
    expect(calls).toEqual([]);
    await first.show(1);
    await first.show(HEAVY);
    expect(calls).toEqual(['first']);
    const second = turns.turn('b', undefined, () => calls.push('second'));
    const waiting = second.show(HEAVY);
    expect(calls).toEqual(['first', 'second']);
    first.release();
    await waiting;
    second.release();
    expect(calls).toEqual(['first', 'second']);
  });

  test('workspaces are served in turn, each in its own order', async () => {
    const turns = new ReadTurns();
    const holder = turns.turn('x');
    await holder.show(HEAVY);
    const served: string[] = [];
    const wait = (workspace: string, name: string) => {
      const turn = turns.turn(workspace);
      return waits(turn.show(HEAVY)).then(() => {
        served.push(name);
        turn.release();
      });
    };
    const all = Promise.all([wait('noisy', 'n1'), wait('noisy', 'n2'), wait('noisy', 'n3'), wait('quiet', 'q1')]);
    holder.release();
    await all;
    expect(served).toEqual(['n1', 'q1', 'n2', 'n3']);
  });

  test('the bytes of one request add up; the turn is taken once', async () => {
    const turns = new ReadTurns();
    const turn = turns.turn('a');
    await turn.show(HEAVY_READ_BYTES / 2);
    expect(turn.heavy).toBe(false);
    await turn.show(HEAVY_READ_BYTES / 2 + 1);
    expect(turn.heavy).toBe(true);
    await turn.show(HEAVY);
    expect(turns.load.active).toBe(1);
    turn.release();
    turn.release();
    expect(turns.load.active).toBe(0);
  });

  test('an abandoned request leaves the line with `unavailable`; a released waiter too', async () => {
    const turns = new ReadTurns();
    const holder = turns.turn('a');
    await holder.show(HEAVY);
    const abandon = new AbortController();
    const waiting = waits(turns.turn('a', abandon.signal).show(HEAVY)).catch((e: unknown) => e);
    const other = turns.turn('a');
    const otherWaiting = waits(other.show(HEAVY)).catch((e: unknown) => e);
    abandon.abort();
    expect(await waiting).toMatchObject({ key: 'unavailable' });
    other.release();
    expect(await otherWaiting).toBeInstanceOf(DomainError);
    expect(turns.load).toEqual({ active: 1, waiting: 0 });
    holder.release();
    expect(turns.load).toEqual({ active: 0, waiting: 0 });
  });

  test(`past ${HEAVY_READS_WAITING_PER_WORKSPACE} waiting in one workspace, 503 unavailable at once; another workspace may still wait`, async () => {
    const turns = new ReadTurns();
    const holder = turns.turn('a');
    await holder.show(HEAVY);
    const lined = Array.from({ length: HEAVY_READS_WAITING_PER_WORKSPACE }, () => turns.turn('a'));
    const waiting = lined.map((turn) => waits(turn.show(HEAVY)));
    // Refused as it asks, not after a wait: show throws (a resolver's throw is its field's error).
    expect(() => turns.turn('a').show(HEAVY)).toThrow(
      expect.objectContaining({ key: 'unavailable', message: expect.stringMatching(/too many large answers/) }),
    );
    const quiet = turns.turn('b');
    const quietWait = quiet.show(HEAVY);
    holder.release();
    await waiting[0];
    lined[0].release();
    await quietWait; // the other workspace's turn comes next, not after the whole line
    expect(quiet.heavy).toBe(true);
    quiet.release();
    for (let i = 1; i < lined.length; i++) {
      await waiting[i];
      lined[i].release();
    }
    expect(turns.load).toEqual({ active: 0, waiting: 0 });
  });
});
