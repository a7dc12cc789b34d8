import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { str } from '../../rules/values';
import { CEST, NCM } from './extensions';

const CEST_CODE = /^\d{7}$/;
const NCM_CODE = /^(\d{2}|\d{8})$/;
const fid = faultMaker('GOBL-BR-NFE-ORG-IDENTITY');

export function validateNfeIdentity(identity: JsonObject, path: string): Fault[] {
  const key = str(identity, 'key');
  const code = str(identity, 'code');
  if (code === '') return [];
  if (key === CEST && !CEST_CODE.test(code)) return [fid('01', 'a CEST code has 7 digits', `${path}.code`)];
  if (key === NCM && !NCM_CODE.test(code)) {
    return [fid('02', 'an NCM code has 8 digits (2 in some cases), without separators', `${path}.code`)];
  }
  return [];
}
