import { objects } from '../base/json';
import { Amount, Percentage } from '../num';
import type { JsonObject } from '../base/types';
import { calculateDueDates } from './terms';

/**
 * Advances (a fixed amount, or a percentage of the payable) and due dates of a bill's payment details.
 * Returns the advances' sum, or undefined when there are none.
 */
export function calculatePaymentDetails(payment: JsonObject, zero: Amount, payable: Amount): { advances?: Amount } {
  const advances = objects(payment.advances);
  let sum: Amount | undefined;
  if (advances.length > 0) {
    sum = zero;
    for (const a of advances) {
      let amount = Amount.from(a.amount) ?? Amount.zero(0);
      const percent = Percentage.from(a.percent);
      if (percent) {
        amount = percent.of(payable);
        a.percent = percent.toString();
      }
      amount = amount.rescale(zero.exp);
      a.amount = amount.toString();
      sum = sum.add(amount);
    }
  }
  if (payment.terms && typeof payment.terms === 'object' && !Array.isArray(payment.terms)) {
    calculateDueDates(payment.terms, zero, payable);
  }
  return { advances: sum };
}
