import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

/**
 * The hosted API's official Go client against this service: test/go-client/acceptance.go, built against
 * invopop/client.go v0.59.0 outside this repository, named by GO_CLIENT_ACCEPTANCE. It prints one JSON line per
 * call; every call must have run and passed. Without the binary the test is skipped, and one line says so.
 */
const BINARY = process.env.GO_CLIENT_ACCEPTANCE;

/** Every call the program makes, in its order: a call that silently stopped running fails the test too. */
const CALLS = [
  'utils.ping',
  'entries.create',
  'entries.create_with_id',
  'entries.fetch',
  'entries.envelope',
  'entries.snippet',
  'entries.fetch_by_key',
  'entries.update_merge_patch',
  'entries.update_json_patch',
  'entries.update_document',
  'entries.update_folder',
  'entries.copy',
  'entries.correct',
  'entries.list',
  'entries.list_next_page',
  'meta.upsert',
  'meta.fetch',
  'meta.fetch_by_ref',
  'meta.fetch_by_owner_and_ref',
  'meta.delete',
  'meta.fetch_deleted',
  'files.create',
  'files.create_new_version',
  'files.download',
  'download.url',
  'entries.attachments',
  'spool.upload',
  'spool.download',
  'download.spool',
  'spool.delete',
  'spool.download_deleted',
  'gobl.build',
  'gobl.build_envelop',
  'gobl.sign',
  'sequence.series.create',
  'sequence.entries.create',
  'sequence.entries.fetch',
  'sequence.series.fetch',
  'sequence.series.list',
  'workflows.create',
  'workflows.update',
  'workflows.fetch',
  'workflows.list',
  'jobs.create_wait',
  'jobs.fetch',
  'jobs.fetch_by_key',
  'jobs.create_with_id',
  ...[
    'errors.404_fetch',
    'errors.404_fetch_by_key',
    'errors.409_create_with_id',
    'errors.422_unknown_schema',
    'errors.422_validation',
    'errors.401_ping',
    'errors.401_no_token',
  ].flatMap((call) => [call, `${call}.code`]),
];

interface CallLine {
  call: string;
  ok: boolean;
  detail: string;
}

if (!BINARY) process.stdout.write('go-client: GO_CLIENT_ACCEPTANCE names no binary; the Go client acceptance test is skipped\n');

(BINARY ? describe : describe.skip)('the official Go client (invopop/client.go v0.59.0)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t?.close());

  test('every operation the client offers works against the service', async () => {
    const token = await tokenFor(newWorkspace());
    // Asynchronous: the server answering the program runs in this process.
    const { stdout } = await promisify(execFile)(BINARY as string, ['-url', t.url, '-token', token], { timeout: 100_000 }).catch(
      // A failed call exits 1: its lines are what this test reads.
      (error: { code?: unknown; stdout?: string }) => {
        if (error.code !== 1 || error.stdout === undefined) throw error;
        return { stdout: error.stdout };
      },
    );
    const lines = stdout
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text) as CallLine);
    expect(lines.map((line) => line.call)).toEqual(CALLS);
    expect(lines.filter((line) => !line.ok).map((line) => `${line.call}: ${line.detail}`)).toEqual([]);
  });
});
