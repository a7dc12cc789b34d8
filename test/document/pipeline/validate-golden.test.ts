import * as fs from 'fs';
import * as path from 'path';
import { validateDocument } from '../../../src/document/pipeline/validate';
import { addonHooks } from '../../../src/document/addons';
import type { Envelope } from '../../../src/document/base/types';
import { EXAMPLES, readExample, withGobl } from '../../helpers/golden-examples';

function goldenFiles(): string[] {
  const out: string[] = [];
  for (const country of fs.readdirSync(EXAMPLES)) {
    const dir = path.join(EXAMPLES, country, 'out');
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir)) if (f.endsWith('.json')) out.push(path.join(country, 'out', f));
  }
  return out.sort();
}

withGobl.describe('golden outputs are valid documents', () => {
  const files = goldenFiles();

  test('there are golden outputs to check', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  test.each(files)('%s: engine rules find no faults', (file) => {
    const envelope = readExample<Envelope>(file);
    expect(validateDocument(envelope, { addons: [] })).toEqual([]);
  });

  test.each(files)('%s: with addon hooks, no faults', (file) => {
    const envelope = readExample<Envelope>(file);
    const keys = Array.isArray(envelope.doc.$addons) ? (envelope.doc.$addons as string[]) : [];
    expect(validateDocument(envelope, { addons: addonHooks(keys) })).toEqual([]);
  });
});
