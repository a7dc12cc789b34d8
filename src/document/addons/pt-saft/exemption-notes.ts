import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { isObject, str } from '../../rules/values';
import { K } from './extensions';

export function isExemptionNote(note: unknown): boolean {
  return isObject(note) && str(note, 'key') === 'legal' && str(note, 'src') === K.exemption;
}

/** Exemption notes of a line: exactly one when its VAT carries an exemption, matching its code; none otherwise. */
export function exemptionNotesValid(notes: unknown, code: string): boolean {
  const list = Array.isArray(notes) ? notes : [];
  let count = 0;
  for (const note of list) {
    if (!isExemptionNote(note)) continue;
    if (code === '' || count > 0 || str(note as JsonObject, 'code') !== code) return false;
    count++;
  }
  return code === '' || count > 0;
}
const fn = faultMaker('GOBL-PT-SAFT-ORG-NOTE');

export function validateSaftNote(note: JsonObject, path: string): Fault[] {
  if (!isExemptionNote(note)) return [];
  const bytes = Buffer.byteLength(str(note, 'text'), 'utf8');
  return bytes === 0 || (bytes >= 6 && bytes <= 60) ? [] : [fn('01', 'an exemption note text takes 6 to 60 characters', `${path}.text`)];
}
