/** An invoice's or order's payment details: terms with due dates, advances, instructions. */
import type { JsonObject } from '../../src/document/base/types';
import type { Random } from './random';
import { addDays } from './dates';

export function paymentDetails(rng: Random, issueDate: string): JsonObject {
  const out: JsonObject = {};
  if (rng.chance(0.7)) {
    const key = rng.pick(['due-date', 'instant', 'end-of-month', 'deferred', 'advanced', 'pending']);
    const terms: JsonObject = { key };
    if (key === 'due-date' || rng.chance(0.2)) {
      terms.due_dates = rng.chance(0.7)
        ? [{ date: addDays(issueDate, 30), percent: '100%' }]
        : [
            { date: addDays(issueDate, 30), percent: '40%' },
            { date: addDays(issueDate, 60), percent: '60%' },
          ];
    }
    if (rng.chance(0.2)) terms.notes = 'Pay within the terms.';
    out.terms = terms;
  }
  if (rng.chance(0.3)) {
    const advance: JsonObject = { date: addDays(issueDate, -rng.int(0, 20)), description: 'Advance payment' };
    if (rng.chance(0.5)) advance.percent = rng.pick(['10%', '25%', '50%']);
    else advance.amount = rng.decimal(2, 2);
    if (rng.chance(0.3)) advance.key = rng.pick(['card', 'credit-transfer', 'cash']);
    out.advances = [advance];
  }
  if (rng.chance(0.5)) {
    out.instructions = rng.chance(0.7)
      ? { key: 'credit-transfer', credit_transfer: [{ iban: 'ES25 0188 2570 4185 4470 5234', name: 'Main account' }] }
      : { key: rng.pick(['card', 'direct-debit', 'online', 'cash']), detail: 'See the portal.' };
  }
  return out;
}
