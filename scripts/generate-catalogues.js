#!/usr/bin/env node
/*
 * Dev-time generator: turns GOBL's catalogue data files (UNTDID, ISO, CEF code lists) into the project's own
 * tables, as data: src/document/catalogues/<name>.json, each extension's key with its codes or its pattern
 * (catalogues/index.ts registers them), and cef-vatex-names.data.json (typed by cef-vatex-names.ts), the English
 * name of each CEF VATEX code.
 * Usage: node scripts/generate-catalogues.js [path-to-gobl-data-catalogues]
 * (e.g. test/fixtures/gobl/data/catalogues after `npm run fixtures:gobl`; ../shared/gobl's when none is given)
 * The product never runs this; it reads nothing of GOBL's at run time. test/document/catalogues.test.ts
 * compares the committed files with what `catalogueFiles` makes of GOBL's data.
 */
const fs = require('fs');
const path = require('path');

const out = path.join(__dirname, '../src/document/catalogues');
const CATALOGUES = ['untdid', 'iso', 'cef'];

/** The files the generator writes, by absolute path. */
function catalogueFiles(dir) {
  const files = new Map();
  const json = (v) => JSON.stringify(v, null, 2) + '\n';
  for (const name of CATALOGUES) {
    const def = JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8'));
    const extensions = def.extensions.map((e) =>
      Object.assign({ key: e.key }, e.pattern ? { pattern: e.pattern } : {}, e.values ? { codes: e.values.map((v) => v.code) } : {}),
    );
    files.set(path.join(out, `${name}.json`), json(extensions));
    if (name === 'cef') {
      const vatex = def.extensions.find((e) => e.key === 'cef-vatex');
      files.set(path.join(out, 'cef-vatex-names.data.json'), json(Object.fromEntries(vatex.values.map((v) => [v.code, v.name.en]))));
    }
  }
  return files;
}

module.exports = { catalogueFiles };

if (require.main === module) {
  const written = catalogueFiles(process.argv[2] || path.join(__dirname, '../../shared/gobl/data/catalogues'));
  for (const [file, text] of written) fs.writeFileSync(file, text);
  console.log([...written.keys()].map((f) => path.relative(process.cwd(), f)).join(' '));
}
