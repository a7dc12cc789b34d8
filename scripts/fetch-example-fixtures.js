#!/usr/bin/env node
/*
 * `npm run fixtures:examples`: the official example instances of the CIUS the service writes, OpenPeppol's BIS
 * Billing 3.0 examples and KoSIT's XRechnung 3.0 test suite (its standard business cases, UBL and CII), at pinned
 * commits, into test/fixtures/examples/<set> (ignored by git). test/rest/cius-examples.test.ts imports each, compares
 * its totals with the ones it states, writes it again and judges that by the official rules; the product never
 * reads them.
 *
 * By default each repository's archive is downloaded from GitHub (codeload), which needs `tar` on the PATH. Where
 * GitHub cannot be reached, `--from DIR` reads them from local copies instead: DIR holds, for each repository, a
 * git directory (bare mirror or clone) or a checked-out copy, named `<owner>+<name>` (or `<owner>+<name>/repo`),
 * `<owner>/<name>` or `<name>`. From a git directory the pinned commit is read, so the files are the same.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { parseArgs } = require('node:util');

// Pinned so that a new release of the examples never changes what the test checks; move them together with the test.
const SETS = [
  {
    name: 'peppol',
    repo: 'OpenPEPPOL/peppol-bis-invoice-3',
    // The commit of release 3.0.19, whose rules the tests judge by (../shared/einvoice/peppol).
    commit: '78d7f7dfa223f39f8ebd8d35c127f2690e646322',
    folder: 'rules/examples',
  },
  {
    name: 'xrechnung',
    repo: 'itplr-kosit/xrechnung-testsuite',
    // The release of 2026-08-19, for XRechnung 3.0.x.
    commit: '5528afafa9968eb67840da3ced0caf15f8d90a7a',
    folder: 'src/test/business-cases/standard',
  },
];
const root = path.resolve(__dirname, '../test/fixtures/examples');

const isXml = (file) => /\.xml$/i.test(file);

/** Replaces the set's folder with the XML files of `source` (a folder), and notes where they came from. */
function install(set, source, origin) {
  const files = fs.readdirSync(source).filter(isXml).sort();
  if (files.length === 0) throw new Error(`${set.repo}: no XML file in ${set.folder}`);
  const target = path.join(root, set.name);
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(target, { recursive: true });
  // Copied, not renamed: the temporary folder may be on another file system.
  for (const file of files) fs.copyFileSync(path.join(source, file), path.join(target, file));
  fs.writeFileSync(path.join(target, 'COMMIT'), `${set.repo} ${set.commit}\n`);
  console.log(
    `${set.repo} ${set.commit.slice(0, 12)}: ${files.length} examples in ${path.relative(process.cwd(), target) || target} (${origin})`,
  );
}

/** Runs `body` with a temporary folder, removed afterwards. */
async function inTemporary(body) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'example-fixtures-'));
  try {
    return await body(work);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function download(set) {
  const archiveUrl = `https://codeload.github.com/${set.repo}/tar.gz/${set.commit}`;
  const response = await fetch(archiveUrl);
  if (!response.ok) throw new Error(`GET ${archiveUrl}: ${response.status} ${response.statusText}`);
  await inTemporary(async (work) => {
    const archive = path.join(work, 'archive.tar.gz');
    fs.writeFileSync(archive, Buffer.from(await response.arrayBuffer()));
    // The archive's single top folder is <name>-<commit>.
    const top = `${set.repo.split('/')[1]}-${set.commit}`;
    execFileSync('tar', ['-xzf', archive, '-C', work, `${top}/${set.folder}`], { stdio: 'inherit' });
    install(set, path.join(work, top, set.folder), archiveUrl);
  });
}

const isGitDir = (dir) => fs.existsSync(path.join(dir, 'HEAD')) && fs.existsSync(path.join(dir, 'objects'));

/** The set's files from a local copy under `from`: a git directory at the pinned commit, or a checked-out folder. */
async function copyLocal(set, from) {
  const [owner, name] = set.repo.split('/');
  const candidates = [`${owner}+${name}/repo`, `${owner}+${name}`, `${owner}/${name}`, name].map((dir) => path.join(from, dir));
  for (const dir of candidates) {
    const gitDir = [dir, path.join(dir, '.git')].find(isGitDir);
    if (gitDir) {
      await inTemporary(async (work) => {
        const archive = path.join(work, 'archive.tar');
        execFileSync('git', [`--git-dir=${gitDir}`, 'archive', '--format=tar', `--output=${archive}`, set.commit, set.folder]);
        execFileSync('tar', ['-xf', archive, '-C', work]);
        install(set, path.join(work, set.folder), `${gitDir} at the pinned commit`);
      });
      return;
    }
    if (fs.existsSync(path.join(dir, set.folder))) {
      install(set, path.join(dir, set.folder), `${dir}, a checked-out copy: its commit is not checked`);
      return;
    }
  }
  throw new Error(`${set.repo}: none of ${candidates.join(', ')} holds it`);
}

const USAGE =
  'Usage: npm run fixtures:examples [-- --from DIR]\n' +
  "Fills test/fixtures/examples with OpenPeppol's and KoSIT's example invoices at pinned commits: downloaded from\n" +
  'GitHub, or with --from DIR read from local copies of the repositories (git directories or checkouts) in DIR.\n';

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: { from: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`fixtures:examples: ${error.message}\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const from = values.from;
  for (const set of SETS) {
    if (from) await copyLocal(set, path.resolve(from));
    else await download(set);
  }
}

main().catch((error) => {
  console.error(`fixtures:examples failed: ${error.message}`);
  process.exit(1);
});
