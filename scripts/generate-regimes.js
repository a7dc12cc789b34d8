#!/usr/bin/env node
/*
 * Dev-time generator: turns GOBL's regime data files into the project's own tables, as data:
 * src/document/regimes/<cc>/figures.json, which the regime's index.ts reads as its RegimeFigures. Only figures
 * and codes are kept; names, descriptions and sources are not.
 * Usage: node scripts/generate-regimes.js [path-to-gobl-data-regimes]
 * (e.g. test/fixtures/gobl/data/regimes after `npm run fixtures:gobl`; ../shared/gobl's when none is given)
 * The product never runs this; it reads nothing of GOBL's at run time. test/document/regimes/regimes.test.ts
 * compares the committed files with what `regimeFiles` makes of GOBL's data.
 */
const fs = require('fs');
const path = require('path');

const engine = path.join(__dirname, '../src/document');
const out = path.join(engine, 'regimes');
// gr.json is a stale file in the old `tax/regime` format; Greece is el.json (country EL, alt GR).
const skip = new Set(['gr.json']);

function clean(obj) {
  const res = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    res[k] = v;
  }
  return res;
}

function convert(def) {
  const regime = clean({
    country: def.country,
    altCountryCodes: def.alt_country_codes,
    currency: def.currency,
    timeZone: def.time_zone,
    taxScheme: def.tax_scheme,
    calculatorRoundingRule: def.calculator_rounding_rule,
    tags: def.tags && def.tags.map((t) => ({ schema: t.schema, keys: (t.list || []).map((l) => l.key) })),
    extensions:
      def.extensions &&
      def.extensions.map((e) =>
        clean({
          key: e.key,
          pattern: e.pattern,
          codes: (e.values || e.codes || []).map((c) => c.code),
        }),
      ),
    identities: def.identities && def.identities.map((i) => clean({ key: i.key, code: i.code })),
    scenarios:
      def.scenarios &&
      def.scenarios.map((s) => ({
        schema: s.schema,
        list: s.list.map((sc) =>
          clean({
            types: sc.type,
            tags: sc.tags,
            categories: sc.cat,
            extKey: sc.ext_key,
            extValue: sc.ext_value,
            // Legal note texts are figures GOBL writes into documents verbatim.
            note: sc.note && clean({ cat: sc.note.cat, key: sc.note.key, src: sc.note.src, code: sc.note.code, text: sc.note.text }),
            ext: sc.ext,
          }),
        ),
      })),
    corrections:
      def.corrections &&
      def.corrections.map((c) =>
        clean({ schema: c.schema, types: c.types, stamps: c.stamps, extensions: c.extensions, reasonRequired: c.reason_required }),
      ),
    categories: (def.categories || [])
      .map((c) =>
        clean({
          code: c.code,
          retained: c.retained,
          informative: c.informative,
          keys: c.keys && c.keys.map((k) => clean({ key: k.key, noPercent: k.no_percent })),
          rates: (c.rates || []).map((r) =>
            Object.assign(clean({ rate: r.rate, keys: r.keys, exempt: r.exempt, ext: r.ext }), {
              values: (r.values || []).map((v) => clean({ since: v.since, percent: v.percent, surcharge: v.surcharge, ext: v.ext })),
            }),
          ),
          extensions: c.extensions,
          map: c.map,
        }),
      )
      .map((c) => Object.assign(c, { rates: c.rates || [] })),
  });
  if (!regime.categories) regime.categories = [];
  return regime;
}

/**
 * The files the generator writes, by absolute path: each regime's figures.json (regimes/<cc>/index.ts types it).
 * Values many regimes share (the standard VAT keys, the common reverse-charge note) are simply repeated.
 */
function regimeFiles(dir) {
  const files = new Map();
  for (const f of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.json') && !skip.has(n))
    .sort()) {
    const regime = convert(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
    files.set(path.join(out, path.basename(f, '.json'), 'figures.json'), JSON.stringify(regime, null, 2) + '\n');
  }
  return files;
}

module.exports = { regimeFiles, REGIMES_DIR: out };

if (require.main === module) {
  const written = regimeFiles(process.argv[2] || path.join(__dirname, '../../shared/gobl/data/regimes'));
  for (const [file, text] of written) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  console.log([...new Set([...written.keys()].map((f) => path.basename(path.dirname(f))))].join(' '));
}
