import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ARTEFACT_SOURCES } from '../../src/formats/validation/artefact-sources';
import { RULE_SETS, XML_SCHEMAS } from '../../src/formats/validation/rule-sets';
import { EINVOICE_DIR, withEinvoice } from '../helpers/einvoice-judge';
import { buildService } from '../helpers/service-process';

/**
 * `npm run fetch:artefacts`, from a copy laid out as the folder is (`--from`): a folder, or an address served here
 * on loopback. GitHub itself is not reached by the tests; the same checksums judge what either gives.
 */
let cli: string;
let dir: string;
beforeAll(() => {
  cli = path.join(path.dirname(buildService()), 'cli', 'fetch-artefacts.js');
}, 120_000);
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'entries-artefacts-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function run(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [cli, '--dir', dir, ...args], {
      env: { PATH: process.env.PATH, NODE_PATH: path.resolve(__dirname, '../../node_modules') },
    });
    return { status: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { status: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const FILES = ARTEFACT_SOURCES.reduce((sum, source) => sum + source.files.length, 0);

withEinvoice.describe('npm run fetch:artefacts', () => {
  test('fills the folder with every pinned file, checked, laid out as the validator reads it; a second run fetches nothing', async () => {
    const first = await run('--from', EINVOICE_DIR!);
    expect(first).toMatchObject({ status: 0, stdout: expect.stringContaining(`${FILES} files in ${dir} (${FILES} fetched`) });
    for (const { schematron } of Object.values(RULE_SETS)) expect(existsSync(path.join(dir, schematron))).toBe(true);
    for (const { folder, invoice } of Object.values(XML_SCHEMAS)) expect(existsSync(path.join(dir, folder, invoice))).toBe(true);
    expect((await run('--from', EINVOICE_DIR!)).stdout).toContain(`(0 fetched, ${FILES} already there)`);
  });

  test('an address that cannot be reached is named, with what to do', async () => {
    // A loopback port just freed: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const reply = await run('--from', `http://127.0.0.1:${port}/copy`);
    expect(reply.status).toBe(1);
    expect(reply.stderr).toMatch(new RegExp(`http://127\\.0\\.0\\.1:${port}/copy/\\S+ could not be reached \\(ECONNREFUSED\\); .* --from`));
  });

  describe('from an address', () => {
    let server: Server;
    let base: string;
    const altered = `${ARTEFACT_SOURCES[4].to}/${ARTEFACT_SOURCES[4].files[0][0]}`;
    beforeAll(async () => {
      // The copy serves every file as it is, but one changed by a single byte.
      server = createServer((req, res) => {
        const file = path.join(EINVOICE_DIR!, decodeURIComponent(req.url!.slice('/copy/'.length)));
        if (!existsSync(file)) return res.writeHead(404).end();
        const bytes = readFileSync(file);
        res.end(req.url === `/copy/${altered}` ? Buffer.concat([bytes, Buffer.from(' ')]) : bytes);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/copy`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    test('a file whose checksum differs is refused, named, and not written', async () => {
      const reply = await run('--from', base);
      expect(reply.status).toBe(1);
      expect(reply.stderr).toContain(`${base}/${altered}: its SHA-256 is`);
      expect(existsSync(path.join(dir, altered))).toBe(false);
    });
  });
});
