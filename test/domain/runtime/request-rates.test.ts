import { RequestRates, SERVED_WINDOW_MS, type Admission } from '../../../src/domain/runtime';

/** A clock the test moves by hand. */
function clock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const waitOf = (admission: Admission) => ('waitMs' in admission ? admission.waitMs : undefined);

describe('RequestRates', () => {
  const limits = { perSecond: 10, burst: 5, maxWaitMs: 1_000 };

  test('alone, a workspace is never held, however fast it asks', () => {
    const time = clock();
    const rates = new RequestRates(limits, time.now);
    const waits = Array.from({ length: 1_000 }, () => waitOf(rates.admit('busy')));
    expect(new Set(waits)).toEqual(new Set([0]));
  });

  test('once another workspace is served, one past its burst waits a turn per request, and past the longest wait is refused', () => {
    const time = clock();
    const rates = new RequestRates(limits, time.now);
    expect(waitOf(rates.admit('quiet'))).toBe(0);
    const answers = Array.from({ length: 20 }, () => rates.admit('busy'));
    // Five at once (the burst), then one every 100 ms (10 a second) up to the 1 s wait; the rest refused.
    expect(answers.slice(0, 15).map(waitOf)).toEqual([0, 0, 0, 0, 0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
    expect(answers.slice(15)).toEqual(Array.from({ length: 5 }, () => ({ refusedForMs: 100 })));
    // The refused took no turn: 100 ms later the next turn is 1 s off again, within the wait.
    time.advance(100);
    expect(waitOf(rates.admit('busy'))).toBe(1_000);
    // The quiet workspace, under its own rate, is never held by the busy one's debt.
    expect(waitOf(rates.admit('quiet'))).toBe(0);
  });

  test('a workspace that asked a great deal alone owes no more than its burst when another comes', () => {
    const time = clock();
    const rates = new RequestRates(limits, time.now);
    for (let i = 0; i < 10_000; i += 1) rates.admit('busy');
    rates.admit('quiet');
    // Held at once, a turn a request: not refused for the thousand seconds it asked for beyond its rate.
    expect([1, 2, 3].map(() => waitOf(rates.admit('busy')))).toEqual([100, 200, 300]);
  });

  test('another workspace counts as served for SERVED_WINDOW_MS after its last request', () => {
    const time = clock();
    const rates = new RequestRates(limits, time.now);
    rates.admit('quiet');
    time.advance(SERVED_WINDOW_MS - 1);
    const held = Array.from({ length: 6 }, () => waitOf(rates.admit('busy')));
    expect(held[5]).toBe(100);
    time.advance(SERVED_WINDOW_MS);
    expect(Array.from({ length: 50 }, () => waitOf(rates.admit('busy'))).every((wait) => wait === 0)).toBe(true);
  });

  test('after a quiet while the burst is whole again, and workspaces owing nothing are forgotten', () => {
    const time = clock();
    const rates = new RequestRates(limits, time.now);
    rates.admit('quiet');
    for (let i = 0; i < 12; i += 1) rates.admit('busy');
    time.advance(1_500);
    rates.admit('quiet');
    expect(Array.from({ length: 6 }, () => waitOf(rates.admit('busy')))).toEqual([0, 0, 0, 0, 0, 100]);
    // Two thousand workspaces asking once each: those whose turn has come are swept, so the map stays bounded.
    for (let i = 0; i < 2_000; i += 1) {
      rates.admit(`w${i}`);
      time.advance(2);
    }
    expect(rates.remembered).toBeLessThanOrEqual(1_001);
  });

  test('a rate of 0 holds nobody', () => {
    const rates = new RequestRates({ perSecond: 0, burst: 1, maxWaitMs: 0 });
    rates.admit('quiet');
    expect(Array.from({ length: 100 }, () => waitOf(rates.admit('busy'))).every((wait) => wait === 0)).toBe(true);
  });
});
