import * as fs from 'fs';
import * as path from 'path';
import { extensionCodeValid, extensionDefinition } from '../../src/document/addons';
import { GOBL_DATA, withGobl } from '../helpers/golden-examples';

describe('extension catalogues', () => {
  withGobl.test('the code lists are what scripts/generate-catalogues.js writes from GOBL data now (run it when they are not)', () => {
    const { catalogueFiles } = require('../../scripts/generate-catalogues') as { catalogueFiles: (dir: string) => Map<string, string> };
    const generated = catalogueFiles(path.join(GOBL_DATA, 'catalogues'));
    expect(generated.size).toBe(4);
    for (const [file, text] of generated) expect(`${file}\n${fs.readFileSync(file, 'utf8')}`).toBe(`${file}\n${text}`);
  });

  test('are registered: codes, patterns', () => {
    expect(extensionDefinition('untdid-document-type')?.codes).toContain('380');
    expect(extensionDefinition('iso-scheme-id')?.pattern).toBe('^\\d{4}$');
    expect(extensionCodeValid('cef-vatex', 'VATEX-EU-AE')).toBe(true);
    expect(extensionCodeValid('cef-vatex', 'VATEX-XX')).toBe(false);
  });
});
