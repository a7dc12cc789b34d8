import type { JsonObject } from '../../base/types';
import { extMap, setExt } from '../../tax/extensions';
import { identitiesToExt } from './org-party';
import { K } from './extensions';

export const PROD_SERV = /^\d{8}$/;
const PROD_SERV_SHORT = /^\d{6}$/;

/** Six-digit product keys are completed with "00". */
export function normalizeItem(item: JsonObject): void {
  identitiesToExt(item);
  const code = extMap(item)[K.prodServ] ?? '';
  if (PROD_SERV_SHORT.test(code)) setExt(item, K.prodServ, `${code}00`);
}
