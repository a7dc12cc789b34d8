import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { objects, str } from '../../rules/values';

const fl = faultMaker('GOBL-BR-NFSE-BILL-LINE');

export function validateNfseLine(line: JsonObject, path: string): Fault[] {
  const hasIss = objects(line, 'taxes').some((c) => str(c, 'cat') === 'ISS');
  return hasIss ? [] : [fl('01', 'the line taxes need the ISS category', path)];
}
