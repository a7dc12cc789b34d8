import type { JsonObject } from '../../base/types';
import { BR_NFE_V4 } from './def';
import { isObject } from '../../rules/values';
import { extMap, getExt } from '../../tax/extensions';

export const NFE = {
  model: 'br-nfe-model',
  presence: 'br-nfe-presence',
  paymentMeans: 'br-nfe-payment-means',
  cfop: 'br-nfe-cfop',
  fiscalIncentive: 'br-nfe-fiscal-incentive',
  regime: 'br-nfe-regime',
  specialRegime: 'br-nfe-special-regime',
  stateRegInd: 'br-nfe-state-reg-ind',
  icmsCst: 'br-nfe-icms-cst',
  icmsCsosn: 'br-nfe-icms-csosn',
  icmsOrigin: 'br-nfe-icms-origin',
  pisCst: 'br-nfe-pis-cst',
  cofinsCst: 'br-nfe-cofins-cst',
  purpose: 'br-nfe-purpose',
  operationType: 'br-nfe-operation-type',
  creditNoteType: 'br-nfe-credit-note-type',
  debitNoteType: 'br-nfe-debit-note-type',
} as const;

export const K = NFE;
export const MUNICIPALITY = 'br-ibge-municipality';
export const STATE_REG = 'br-nfe-state-reg';
export const CEST = 'br-nfe-cest';
export const NCM = 'ncm';

export const MODEL_NFE = '55';
export const MODEL_NFCE = '65';
export const TAXPAYER = '1';
export const EXEMPT = '2';
export const NON_TAXPAYER = '9';

export const validCode = (key: string) => `'${key}' holds a code the addon does not define`;

const CODES = new Map(BR_NFE_V4.extensions.map((e) => [e.key, e.codes ?? []]));

/** GOBL's valid-code test: an absent key passes; a present one must be among the extension's codes. */
export function extensionValid(node: JsonObject | undefined, key: string): boolean {
  const code = getExt(node, key);
  return code === '' || (CODES.get(key) ?? []).includes(code);
}

/** GOBL's presence test on a struct field: any object counts, even an empty one. */
export function given(node: JsonObject | undefined, field: string): boolean {
  return isObject(node?.[field]);
}

export function missingKeys(node: JsonObject | undefined, keys: string[]): boolean {
  const ext = extMap(node);
  return keys.some((k) => ext[k] === undefined);
}
