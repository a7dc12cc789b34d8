import { nextSlice } from '../../src/domain/loop-slices';

const loopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('slices of long work go on one per turn of the event loop', () => {
  test('first come, first served, one a turn, with the work queued meanwhile served between them', async () => {
    const order: string[] = [];
    const slices = ['a', 'b', 'c'].map((name) => nextSlice().then(() => order.push(name)));
    // A request read from a socket in between is a callback of the loop, like this one.
    const others = [loopTurn().then(() => order.push('other 1')), loopTurn().then(() => loopTurn()).then(() => order.push('other 2'))];
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
