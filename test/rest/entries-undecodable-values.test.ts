import { invoice } from '../helpers/documents';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

let t: TestServer;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startServer();
});
beforeEach(async () => {
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

describe('a value that cannot be read as its field type is 400 input, as GOBL refuses it while decoding', () => {
  test.each([
    ['a uuid that is not one', { uuid: 'not-a-uuid' }, '$.uuid'],
    ['a date that is not YYYY-MM-DD', { issue_date: '24-01-01' }, '$.issue_date'],
    ['an amount that is not a number', { lines: [{ quantity: 'abc', item: { name: 'x', price: '1' } }] }, '$.lines[0].quantity'],
    ['a string where a list belongs', { lines: 'none' }, '$.lines'],
  ])('%s', async (_what, change, path) => {
    const reply = await api.post('/silo/v1/entries', { data: invoice(change), key: 'refused' });
    expect(reply.status).toBe(400);
    expect(reply.body.key).toBe('input');
    expect(reply.body.message).toContain(path);
    expect(reply.body.fields).toEqual({ data: reply.body.message });
    expect(reply.body.faults).toBeUndefined();
    expect((await api.get('/silo/v1/entries/key/refused')).status).toBe(404);
  });

  test('inside an uploaded envelope too, the head included', async () => {
    const reply = await api.post('/silo/v1/entries', {
      data: { $schema: 'https://gobl.org/draft-0/envelope', head: { uuid: 'x' }, doc: invoice() },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('$.head.uuid');
  });
});
