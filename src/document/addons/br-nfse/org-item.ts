import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { hasExt } from '../../tax/extensions';
import { K } from './extensions';

const ft = faultMaker('GOBL-BR-NFSE-ORG-ITEM');

export function validateNfseItem(item: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!hasExt(item, K.service)) out.push(ft('01', `'${K.service}' is needed`, `${path}.ext`));
  const together = [K.operation, K.taxStatus, K.taxClass].filter((k) => hasExt(item, k)).length;
  if (together !== 0 && together !== 3) {
    out.push(ft('02', `'${K.operation}', '${K.taxStatus}' and '${K.taxClass}' go together or not at all`, `${path}.ext`));
  }
  return out;
}
