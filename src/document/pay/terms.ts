import { normalizeText } from '../base/text';
import { objects } from '../base/json';
import { Amount, Percentage } from '../num';
import type { JsonObject } from '../base/types';

/** Each due date's amount: its percentage of the payable when given, always at the currency's decimals. */
export function calculateDueDates(terms: JsonObject, zero: Amount, payable: Amount): void {
  for (const dd of objects(terms.due_dates)) {
    let amount = Amount.from(dd.amount) ?? Amount.zero(0);
    const percent = Percentage.from(dd.percent);
    if (percent && !percent.isZero()) amount = percent.of(payable);
    if (percent) dd.percent = percent.toString();
    dd.amount = amount.rescale(zero.exp).toString();
  }
}

/** Older documents wrote `detail`; GOBL folds it into `notes`. */
export function foldTermsDetail(terms: JsonObject): void {
  const detail = typeof terms.detail === 'string' ? terms.detail : '';
  delete terms.detail;
  if (detail !== '') {
    const notes = typeof terms.notes === 'string' ? terms.notes.trim() : '';
    terms.notes = notes !== '' ? `${notes.replace(/\.$/, '')}. ${detail}` : detail;
  }
}

export function normalizeTerms(terms: JsonObject): void {
  if (typeof terms.notes === 'string') terms.notes = normalizeText(terms.notes);
}
