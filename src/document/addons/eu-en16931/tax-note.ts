import type { JsonObject } from '../../base/types';
import { str } from '../../rules/values';
import { getExt, mergeExt } from '../../tax/extensions';
import { keyForCategory, VAT_CATEGORY_BY_KEY } from './tax-combo';
import { UNTDID } from './extensions';

/** A VAT note in `tax.notes`: its key and its UNTDID category follow each other. */
export function normalizeEnTaxNote(note: JsonObject): void {
  if (str(note, 'cat') !== 'VAT') return;
  if (str(note, 'key') === '') {
    const key = keyForCategory(getExt(note, UNTDID.taxCategory));
    if (key) note.key = key;
  }
  const code = VAT_CATEGORY_BY_KEY[str(note, 'key')];
  if (code) mergeExt(note, { [UNTDID.taxCategory]: code });
}
