import { Writable } from 'node:stream';
import { oneWritePerTurn } from '../../src/http/one-write-per-turn';

/** A stream that records each call that would reach the socket: one chunk (write) or several (writev). */
function recording() {
  const calls: string[][] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      calls.push([String(chunk)]);
      done();
    },
    writev(chunks, done) {
      calls.push(chunks.map(({ chunk }) => String(chunk)));
      done();
    },
  });
  return { stream, calls };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

test('writes made in one turn, promise callbacks included, reach the stream as one call', async () => {
  const { stream, calls } = recording();
  const inOneWrite = oneWritePerTurn(stream);
  inOneWrite(() => stream.write('a'));
  inOneWrite(() => stream.write('b'));
  await Promise.resolve();
  await Promise.resolve().then(() => inOneWrite(() => stream.write('c')));
  expect(calls).toEqual([]); // nothing before the turn ends
  await turn();
  expect(calls).toEqual([['a', 'b', 'c']]);
});

test('writes of later turns are calls of their own', async () => {
  const { stream, calls } = recording();
  const inOneWrite = oneWritePerTurn(stream);
  inOneWrite(() => stream.write('a'));
  await turn();
  inOneWrite(() => stream.write('b'));
  inOneWrite(() => stream.write('c'));
  await turn();
  inOneWrite(() => stream.write('d'));
  await turn();
  expect(calls).toEqual([['a'], ['b', 'c'], ['d']]);
});
