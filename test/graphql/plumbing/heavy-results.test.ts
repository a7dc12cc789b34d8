import { HEAVY_READ_BYTES } from '../../../src/domain/runtime';
import { piecesOf, stringifyResult } from '../../../src/graphql/plumbing/heavy-results';
import { RawJson } from '../../../src/http/json-slices';

/** Apollo's stringifyResult as the GraphQL router meets its answers: a text, or a mark whose pieces piecesOf gives back. */
describe('GraphQL answers as text', () => {
  test('a light answer is its JSON text, stored envelopes put in as they are', async () => {
    const envelope = '{ "doc" : { "n": "1.10" } }';
    const result = { data: { entries: { edges: [{ node: { id: 'a', data: new RawJson(envelope) } }], pageInfo: { hasNextPage: false } } } };
    const text = await stringifyResult(result);
    expect(text).toBe(`{"data":{"entries":{"edges":[{"node":{"id":"a","data":${envelope}}}],"pageInfo":{"hasNextPage":false}}}}`);
    expect(piecesOf(text)).toBeUndefined();
  });

  test('a light answer longer than HEAVY_READ_BYTES comes back as pieces, to be encoded in slices', async () => {
    const envelope = JSON.stringify({ doc: { note: 'é'.repeat(HEAVY_READ_BYTES) } });
    const result = { data: { entry: { id: 'a', data: new RawJson(envelope) } } };
    const text = await stringifyResult(result);
    expect(text.length).toBeLessThan(100);
    const pieces = piecesOf(text);
    expect(pieces).toBeDefined();
    expect(pieces!.join('')).toBe(`{"data":{"entry":{"id":"a","data":${envelope}}}}`);
    // Taken once: the pieces are not kept after they were given back.
    expect(piecesOf(text)).toEqual(['', '']);
  });
});
