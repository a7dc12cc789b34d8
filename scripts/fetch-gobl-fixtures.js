#!/usr/bin/env node
/*
 * `npm run fixtures:gobl`: downloads GOBL's golden examples and data files at the pinned tag into
 * test/fixtures/gobl (ignored by git), for a developer with internet access and no ../shared/gobl.
 * The tests and `npm run conformance` find them there; the product never reads them.
 * Needs `tar` on the PATH (Linux, macOS and Windows 10+ have it).
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

// Kept equal to GOBL_TAG in scripts/gobl-fixtures.ts (test/document/conformance.test.ts checks it).
const TAG = 'v0.502.1';
const ARCHIVE = `https://codeload.github.com/invopop/gobl/tar.gz/refs/tags/${TAG}`;
const target = path.resolve(__dirname, '../test/fixtures/gobl');

async function main() {
  const response = await fetch(ARCHIVE);
  if (!response.ok) throw new Error(`GET ${ARCHIVE}: ${response.status} ${response.statusText}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gobl-fixtures-'));
  try {
    const archive = path.join(work, 'gobl.tar.gz');
    fs.writeFileSync(archive, Buffer.from(await response.arrayBuffer()));
    // The archive's single top folder is gobl-<version>; only examples/ and data/ are kept.
    const top = `gobl-${TAG.replace(/^v/, '')}`;
    execFileSync('tar', ['-xzf', archive, '-C', work, `${top}/examples`, `${top}/data`], { stdio: 'inherit' });
    fs.rmSync(target, { recursive: true, force: true });
    fs.mkdirSync(target, { recursive: true });
    // Copied, not renamed: the temporary folder may be on another file system.
    for (const folder of ['examples', 'data']) fs.cpSync(path.join(work, top, folder), path.join(target, folder), { recursive: true });
    fs.writeFileSync(path.join(target, 'TAG'), `${TAG}\n`);
    console.log(`GOBL ${TAG} examples and data in ${path.relative(process.cwd(), target) || target}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`fixtures:gobl failed: ${error.message}`);
  process.exit(1);
});
