import { previousIdCandidates } from '../../../src/domain/runtime';

const A = '0190c000-0000-7000-8000-00000000000a';
const B = '0190c000-0000-7000-8000-00000000000b';
const C = '0190c000-0000-7000-8000-00000000000c';

describe('previousIdCandidates', () => {
  test.each([
    ['a body without the key', JSON.stringify({ data: { doc: { name: 'x' } } }), []],
    ['the key at the top', JSON.stringify({ previous_id: A, data: {} }), [A]],
    ['the key after the data', JSON.stringify({ data: { doc: { name: 'x' } }, previous_id: A }), [A]],
    ['spaces and new lines around the colon', `{ "previous_id" \n:\t "${A}" }`, [A]],
    ['upper-case hex, as given', JSON.stringify({ previous_id: A.toUpperCase() }), [A.toUpperCase()]],
    ['a value that is not a UUID', JSON.stringify({ previous_id: 'not-a-uuid-at-all-but-36-characters!' }), []],
    ['a value that is not a string', JSON.stringify({ previous_id: 12 }), []],
    ['a UUID with more after it', `{"previous_id": "${A}0"}`, []],
    ['the key as a value, not a key', JSON.stringify({ data: { note: 'previous_id' }, x: A }), []],
    ['the key also inside the data: both, in order', JSON.stringify({ data: { previous_id: B }, previous_id: A }), [B, A]],
    ['one UUID named twice is read once', JSON.stringify({ data: { previous_id: A }, previous_id: A }), [A]],
    ['at most two entries are read ahead', JSON.stringify({ data: { previous_id: B, x: { previous_id: C } }, previous_id: A }), [B, C]],
    ['a key written with escapes is not found here (the engine asks for it)', `{"previous\\u005fid": "${A}"}`, []],
  ])('%s', (_name, text, expected) => {
    expect(previousIdCandidates(text)).toEqual(expected);
  });
});
