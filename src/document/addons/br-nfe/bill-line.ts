import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { objects, str } from '../../rules/values';

const fl = faultMaker('GOBL-BR-NFE-BILL-LINE');

export function validateNfeLine(line: JsonObject, path: string): Fault[] {
  const cats = new Set(objects(line, 'taxes').map((c) => str(c, 'cat')));
  const out: Fault[] = [];
  const required: [string, string][] = [
    ['ICMS', '01'],
    ['PIS', '02'],
    ['COFINS', '03'],
  ];
  for (const [cat, code] of required) if (!cats.has(cat)) out.push(fl(code, `the line taxes need the ${cat} category`, path));
  return out;
}
