#!/usr/bin/env node
/*
 * `npm run fixtures:converters`: downloads the test data of GOBL's own converters (invopop/gobl.ubl and
 * invopop/gobl.cii) at pinned commits into test/fixtures/converters/<repo> (ignored by git): GOBL documents and the
 * XML each converter writes of them. test/formats/converter-examples.test.ts compares our output with theirs; the
 * product never reads them. Needs `tar` on the PATH (Linux, macOS and Windows 10+ have it).
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

// Pinned so that a new converter release never changes what the test compares; move them together with the test.
const CONVERTERS = {
  'gobl.ubl': '39e5b6369b7bb37d8b3bc90a7e4cdd40be01424b',
  'gobl.cii': 'ca46ae0c12b0d5263dac787a12144920854a0337',
};
// Only the conversion examples (GOBL in, XML out) are kept, as test/fixtures/converters/<repo>/convert/.
const DATA = 'test/data/convert';
const root = path.resolve(__dirname, '../test/fixtures/converters');

async function fetchConverter(repo, commit) {
  const archiveUrl = `https://codeload.github.com/invopop/${repo}/tar.gz/${commit}`;
  const response = await fetch(archiveUrl);
  if (!response.ok) throw new Error(`GET ${archiveUrl}: ${response.status} ${response.statusText}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'converter-fixtures-'));
  try {
    const archive = path.join(work, `${repo}.tar.gz`);
    fs.writeFileSync(archive, Buffer.from(await response.arrayBuffer()));
    // The archive's single top folder is <repo>-<commit>.
    const top = `${repo}-${commit}`;
    execFileSync('tar', ['-xzf', archive, '-C', work, `${top}/${DATA}`], { stdio: 'inherit' });
    const target = path.join(root, repo);
    fs.rmSync(target, { recursive: true, force: true });
    fs.mkdirSync(target, { recursive: true });
    // Copied, not renamed: the temporary folder may be on another file system.
    fs.cpSync(path.join(work, top, DATA), path.join(target, 'convert'), { recursive: true });
    fs.writeFileSync(path.join(target, 'COMMIT'), `${commit}\n`);
    console.log(`invopop/${repo} ${commit.slice(0, 12)} test data in ${path.relative(process.cwd(), target) || target}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  for (const [repo, commit] of Object.entries(CONVERTERS)) await fetchConverter(repo, commit);
}

main().catch((error) => {
  console.error(`fixtures:converters failed: ${error.message}`);
  process.exit(1);
});
