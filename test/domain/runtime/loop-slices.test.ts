import { LIGHT_FIRST_MS, lightRequests, nextSlice } from '../../../src/domain/runtime';

const loopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('slices of long work go on one per turn of the event loop', () => {
  test('first come, first served, one a turn, with the work queued meanwhile served between them', async () => {
    const order: string[] = [];
    const slices = ['a', 'b', 'c'].map((name) => nextSlice().then(() => order.push(name)));
    // A request read from a socket in between is a callback of the loop, like this one.
    const others = [
      loopTurn().then(() => order.push('other 1')),
      loopTurn()
        .then(() => loopTurn())
        .then(() => order.push('other 2')),
    ];
    await Promise.all([...slices, ...others]);
    expect(order.filter((name) => name.length === 1)).toEqual(['a', 'b', 'c']);
    // Never two slices back to back in one turn: by the time the third goes on, both others have been served.
    expect(order.indexOf('other 1')).toBeLessThan(order.indexOf('b'));
    expect(order.indexOf('other 2')).toBeLessThan(order.indexOf('c'));
  });

  test('a slice queued from within a slice waits behind those already waiting', async () => {
    const order: string[] = [];
    const first = nextSlice().then(async () => {
      order.push('a');
      await nextSlice();
      order.push('a again');
    });
    const second = nextSlice().then(() => order.push('b'));
    await Promise.all([first, second]);
    expect(order).toEqual(['a', 'b', 'a again']);
  });
});

describe('light requests go before the slices of heavy answers', () => {
  const turns = async (count: number) => {
    for (let i = 0; i < count; i++) await loopTurn();
  };

  test("a heavy answer's slice waits while a light request is in flight, and goes on once it ends", async () => {
    const end = lightRequests.begin();
    try {
      const queued = performance.now();
      let wentOnAfter: number | undefined;
      const slice = nextSlice(true).then(() => (wentOnAfter = performance.now() - queued));
      await turns(5);
      // Five turns later it still waits; unless the turns took LIGHT_FIRST_MS on a busy machine, when it goes on anyway.
      expect(wentOnAfter === undefined || wentOnAfter >= LIGHT_FIRST_MS - 1).toBe(true);
      end();
      await slice;
      expect(wentOnAfter).toBeDefined();
    } finally {
      end();
    }
  });

  test(`it waits ${LIGHT_FIRST_MS} ms at most: heavy answers slow down, they never stop`, async () => {
    const end = lightRequests.begin();
    try {
      const started = performance.now();
      await nextSlice(true);
      const waited = performance.now() - started;
      expect(waited).toBeGreaterThanOrEqual(LIGHT_FIRST_MS - 1);
      expect(waited).toBeLessThan(LIGHT_FIRST_MS * 10);
    } finally {
      end();
    }
  });

  test("other slices (a light request's own, an upload's) go on as before, even behind a waiting heavy one", async () => {
    const end = lightRequests.begin();
    try {
      const order: string[] = [];
      const heavy = nextSlice(true).then(() => order.push('heavy'));
      const light = nextSlice().then(() => order.push('light'));
      await light;
      expect(order).toEqual(['light']);
      // Also once the heavy one has been put off: the next turn, not when the heavy one's wait ends.
      await turns(2);
      const started = performance.now();
      await nextSlice().then(() => order.push('light again'));
      expect(performance.now() - started).toBeLessThan(LIGHT_FIRST_MS / 2);
      expect(order).toEqual(['light', 'light again']);
      end();
      await heavy;
      expect(order).toEqual(['light', 'light again', 'heavy']);
    } finally {
      end();
    }
  });

  test('with no light request in flight, a heavy slice goes on at the next turn; ending a request twice counts once', async () => {
    const first = lightRequests.begin();
    const second = lightRequests.begin();
    first();
    first();
    expect(lightRequests.inFlight()).toBe(true);
    second();
    expect(lightRequests.inFlight()).toBe(false);
    let done = false;
    const slice = nextSlice(true).then(() => (done = true));
    await turns(2);
    expect(done).toBe(true);
    await slice;
  });
});
