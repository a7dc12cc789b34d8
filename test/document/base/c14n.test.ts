import * as fs from 'node:fs';
import * as path from 'node:path';
import { canonicalJson, sha256Hex } from '../../../src/document/base/c14n';
import type { JsonObject } from '../../../src/document/base/types';
import { EXAMPLES as examples, withGobl } from '../../helpers/golden-examples';

const goldenOutputs = () =>
  fs.readdirSync(examples).flatMap((cc) => {
    const dir = path.join(examples, cc, 'out');
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(cc, 'out', f)) : [];
  });

withGobl.describe("canonical JSON of GOBL's examples", () => {
  test.each(goldenOutputs())('digest of %s equals GOBL head.dig.val', (file) => {
    const env = JSON.parse(fs.readFileSync(path.join(examples, file), 'utf8')) as JsonObject;
    expect(sha256Hex(canonicalJson(env.doc))).toBe((env.head as JsonObject & { dig: { val: string } }).dig.val);
  });
});

describe('canonical JSON', () => {
  test.each([
    [{ b: 1, a: 'x' }, '{"a":"x","b":1}'],
    [{ a: null, b: 2 }, '{,"b":2}'],
    [{ a: 1, b: null }, '{"a":1}'],
    [['<&>', 'é', '\u2028'], '["<&>","é","\u2028"]'],
    ['tab\there "q" \\ \u0001', '"tab\\there \\"q\\" \\\\ \\u0001"'],
    [1.5, '1.5E0'],
    [0.001, '1.0E-3'],
    [1e21, '1.0E21'],
    [123456789, '123456789'],
    [{ é: 1, z: 2, Z: 3 }, '{"Z":3,"z":2,"é":1}'],
  ])('%j → %s', (value, text) => {
    expect(canonicalJson(value as never)).toBe(text);
  });
});
