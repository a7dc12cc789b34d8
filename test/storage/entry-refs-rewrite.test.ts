import { envelopeOf, type Entry } from '../../src/domain/entries/model/entry';
import { referencesOf } from '../../src/domain/entries/model/references-of';
import { entryRefSteps } from '../../src/storage/entry-refs.repository';
import { runTransaction } from '../../src/storage/sql-transaction';
import { invoice } from '../helpers/documents';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

/** entryRefSteps, as a path that replaces an entry's envelope runs them: in its own transaction, with the references the domain finds in the envelope. */
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

type Rewritten = Pick<Entry, 'workspaceId' | 'id' | 'createdAt' | 'data' | 'dataJson'>;
/** The rewrite in a transaction of its own; `then` runs inside it, after the rewrite (a throw rolls it back). */
const rewrite = (entry: Rewritten, then: () => void = () => undefined) =>
  runTransaction(t.server.dataSource, function* () {
    yield* entryRefSteps(entry, referencesOf(envelopeOf(entry as Entry)));
    then();
  });

test("rewriting an entry's references from a new envelope replaces what the document names and keeps previous_id", async () => {
  const workspace = newWorkspace();
  const api = client(t.url, await tokenFor(workspace));
  const create = async (body: object) => (await api.post('/silo/v1/entries', body)).body;
  const first = await create({ data: invoice({ code: 'W-1' }) });
  const second = await create({ data: invoice({ code: 'W-2' }) });
  const credit = await create({ previous_id: first.id, correct: { credit: true, reason: 'returned goods' } });
  const related = async (id: string) => (await api.get(`/silo/v1/entries/${id}/related`)).body.list.map((e: any) => [e.id, e.context]);
  expect(await related(first.id)).toEqual([[credit.id, 'preceding']]);

  // The credit note's envelope now names the second invoice instead of the first.
  const data = {
    ...credit.data,
    doc: { ...credit.data.doc, preceding: [{ ...credit.data.doc.preceding[0], uuid: second.data.doc.uuid }] },
  };
  await rewrite({ workspaceId: workspace, id: credit.id, createdAt: new Date(credit.created_at), data });
  expect(await related(second.id)).toEqual([[credit.id, 'preceding']]);
  expect(await related(first.id)).toEqual([[credit.id, 'previous']]); // made from it: that link stays
  expect(await related(credit.id)).toEqual([
    [second.id, 'uuid'],
    [first.id, 'uuid'],
  ]);

  // From its stored text as well, and again: the same rows, no duplicates.
  for (let i = 0; i < 2; i++) {
    await rewrite({ workspaceId: workspace, id: credit.id, createdAt: new Date(credit.created_at), dataJson: JSON.stringify(data) });
  }
  expect(await related(second.id)).toEqual([[credit.id, 'preceding']]);
  // A rolled-back rewrite changes nothing.
  await expect(
    rewrite(
      {
        workspaceId: workspace,
        id: credit.id,
        createdAt: new Date(credit.created_at),
        data: { ...data, doc: { ...data.doc, preceding: [] } },
      },
      () => {
        throw new Error('rolled back');
      },
    ),
  ).rejects.toThrow('rolled back');
  expect(await related(second.id)).toEqual([[credit.id, 'preceding']]);
});
