#!/usr/bin/env node
/*
 * Dev-time generator: turns GOBL's regime data files into the project's own TypeScript tables
 * (src/document/regimes/<cc>/figures.ts). Only figures and codes are kept; names, descriptions and sources are not.
 * Pieces many regimes share (GOBL defines them once in its code, not per regime) are written once, to the
 * files named in SHARED, and the tables refer to them.
 * Usage: node scripts/generate-regimes.js [path-to-gobl-data-regimes]
 * (e.g. test/fixtures/gobl/data/regimes after `npm run fixtures:gobl`; ../shared/gobl's when none is given)
 * The product never runs this; it reads nothing at run time.
 */
const fs = require('fs');
const path = require('path');

const src = process.argv[2] || path.join(__dirname, '../../shared/gobl/data/regimes');
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
    categories: (def.categories || []).map((c) =>
      clean({
        code: c.code,
        retained: c.retained,
        informative: c.informative,
        keys: c.keys && c.keys.map((k) => clean({ key: k.key, noPercent: k.no_percent })),
        rates: (c.rates || []).map((r) =>
          Object.assign(
            clean({ rate: r.rate, keys: r.keys, exempt: r.exempt, ext: r.ext }),
            { values: (r.values || []).map((v) => clean({ since: v.since, percent: v.percent, surcharge: v.surcharge, ext: v.ext })) },
          ),
        ),
        extensions: c.extensions,
        map: c.map,
      }),
    ).map((c) => Object.assign(c, { rates: c.rates || [] })),
  });
  if (!regime.categories) regime.categories = [];
  return regime;
}

/**
 * Pieces written once and referred to by name wherever a regime's table holds an equal value:
 * GOBL's standard VAT keys and its common reverse-charge invoice note.
 */
const SHARED = [
  {
    name: 'VAT_KEYS',
    file: 'tax/vat-keys.ts',
    type: 'TaxKey[]',
    doc: 'The keys of a VAT category in most regimes; only `standard` and `zero` take a percent.',
    value: [
      { key: 'standard' },
      { key: 'zero' },
      ...['reverse-charge', 'exempt', 'export', 'intra-community', 'outside-scope'].map((key) => ({ key, noPercent: true })),
    ],
  },
  {
    name: 'REVERSE_CHARGE_SCENARIO',
    file: 'tax/reverse-charge-scenario.ts',
    type: 'Scenario',
    doc: 'The reverse-charge note most VAT regimes add to invoices tagged `reverse-charge`.',
    value: {
      tags: ['reverse-charge'],
      categories: ['VAT'],
      note: { cat: 'VAT', key: 'reverse-charge', text: 'Reverse charge: Customer to account for VAT to the relevant tax authority.' },
    },
  },
];

function sameValue(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The shared piece equal to `v`, if any (only looked for below the top level of a table). */
function sharedFor(v) {
  return SHARED.find((s) => sameValue(s.value, v));
}

const ident = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
function ts(v, indent, used) {
  const shared = used && indent > 0 && sharedFor(v);
  if (shared) {
    used.add(shared);
    return shared.name;
  }
  const pad = '  '.repeat(indent);
  const inner = '  '.repeat(indent + 1);
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    const items = v.map((x) => ts(x, indent + 1, used));
    const flat = '[' + items.join(', ') + ']';
    if (!flat.includes('\n') && flat.length + indent * 2 < 100) return flat;
    if (v.every((x) => typeof x !== 'object' || x === null)) {
      if (flat.length + indent * 2 < 100) return flat;
      // Long code lists: several per line.
      const lines = [];
      let line = '';
      for (const x of items.map((y) => y + ',')) {
        if (line && line.length + x.length + 1 + indent * 2 > 98) {
          lines.push(line);
          line = '';
        }
        line = line ? line + ' ' + x : x;
      }
      if (line) lines.push(line);
      return '[\n' + lines.map((l) => inner + l + '\n').join('') + pad + ']';
    }
    return '[\n' + items.map((x) => inner + x + ',\n').join('') + pad + ']';
  }
  if (v && typeof v === 'object') {
    const keys = Object.keys(v);
    if (keys.length === 0) return '{}';
    const parts = keys.map((k) => (ident.test(k) ? k : JSON.stringify(k)) + ': ' + ts(v[k], indent + 1, used));
    const flat = '{ ' + parts.join(', ') + ' }';
    if (!flat.includes('\n') && flat.length + indent * 2 < 100) return flat;
    return '{\n' + parts.map((p) => inner + p + ',\n').join('') + pad + '}';
  }
  return typeof v === 'string' ? "'" + v.replace(/\\/g, '\\\\').replace(/'/g, "\\'") + "'" : JSON.stringify(v);
}

/** A path from one generated file to another, as an import specifier. */
function importPath(from, to) {
  const rel = path.relative(path.dirname(from), to).replace(/\.ts$/, '');
  return rel.startsWith('.') ? rel : './' + rel;
}

const defFile = path.join(engine, 'tax/regime-def.ts');
for (const piece of SHARED) {
  const file = path.join(engine, piece.file);
  const type = piece.type.replace('[]', '');
  const body =
    `import type { ${type} } from '${importPath(file, defFile)}';\n\n` +
    `/**\n * ${piece.doc}\n * Generated by scripts/generate-regimes.js, which refers the regime tables holding an equal value to it.\n */\n` +
    `export const ${piece.name}: ${piece.type} = ${ts(piece.value, 0)};\n`;
  fs.writeFileSync(file, body);
}

const files = fs.readdirSync(src).filter((f) => f.endsWith('.json') && !skip.has(f)).sort();
const names = [];
for (const f of files) {
  const def = JSON.parse(fs.readFileSync(path.join(src, f), 'utf8'));
  const cc = path.basename(f, '.json');
  const regime = convert(def);
  const file = path.join(out, cc, 'figures.ts');
  const used = new Set();
  const table = ts(regime, 0, used);
  const imports = [`import type { RegimeFigures } from '${importPath(file, defFile)}';`];
  for (const piece of SHARED.filter((p) => used.has(p))) {
    imports.push(`import { ${piece.name} } from '${importPath(file, path.join(engine, piece.file))}';`);
  }
  const body =
    imports.join('\n') +
    `\n\n/** Tax regime figures for ${regime.country}. Generated by scripts/generate-regimes.js; edit the figures, not the shape. */\n` +
    `export const figures: RegimeFigures = ${table};\n`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
  names.push(cc);
}
console.log(names.join(' '));
