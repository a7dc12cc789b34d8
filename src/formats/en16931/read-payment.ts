import { UNTDID } from '../../document/addons/eu-en16931';
import type { JsonObject } from '../../document';
import { compact, goblParty } from './read-party';
import type { ReadInvoice } from './read-terms';
import { paymentMeansKey } from './reverse-codes';

/** GOBL's payment details made of a received document's terms (BG-10, BG-16 to BG-19, BT-9, BT-20, BT-113). */

/** What the paid amount (BT-113) is called as GOBL's one advance: EN 16931 states a sum, not the payments. */
const PAID_AMOUNT = 'Paid amount';

/** The card (BG-18): EN 16931 gives only its last digits, of which GOBL keeps four. */
function card(read: { number?: string; holder?: string } | undefined): JsonObject | undefined {
  if (!read) return undefined;
  const digits = read.number?.replace(/\s+/g, '');
  return compact({ last4: digits ? digits.slice(-4) : undefined, holder: read.holder });
}

/**
 * The payment instructions: the first payment means gives the key (GOBL has one), with its UNTDID 4461 code as the
 * addon's extension; the payee's accounts of every means are its credit transfers; the direct debit (BG-19) joins
 * the mandate, the seller's creditor identifier and the debited account.
 */
function instructions(read: ReadInvoice): JsonObject | undefined {
  const means = read.paymentMeans[0];
  if (!means) return undefined;
  const accounts = read.paymentMeans.flatMap((m) => m.accounts);
  const debited = read.paymentMeans.map((m) => m.debitedAccount).find((account) => account !== undefined);
  const debit = compact({ ref: read.mandate, creditor: read.creditorId, account: debited });
  return compact({
    key: means.code ? paymentMeansKey(means.code) : 'any',
    detail: means.text,
    ref: read.remittance,
    credit_transfer: accounts.map((account) =>
      compact({
        iban: account.iban ? account.id : undefined,
        number: account.iban ? undefined : account.id,
        name: account.name,
        bic: account.bic,
      }),
    ),
    card: card(read.paymentMeans.find((m) => m.card)?.card),
    direct_debit: Object.keys(debit).length > 0 ? debit : undefined,
    ext: means.code ? { [UNTDID.paymentMeans]: means.code } : undefined,
  });
}

/** The terms: the due dates (a single one for the whole amount) and the terms' texts, one to a line. */
function terms(read: ReadInvoice): JsonObject | undefined {
  const dueDates = read.dueDates.map((date) => compact({ date, percent: read.dueDates.length === 1 ? '100%' : undefined }));
  const node = compact({ due_dates: dueDates, notes: read.paymentTerms.join('\n') });
  return Object.keys(node).length > 0 ? node : undefined;
}

/** The payment details, or undefined when the document says nothing of payment. */
export function goblPayment(read: ReadInvoice): JsonObject | undefined {
  const paid = read.totals.advances;
  const node = compact({
    payee: goblParty(read.payee),
    terms: terms(read),
    // A paid amount of zero is no advance.
    advances: paid !== undefined && Number(paid) !== 0 ? [{ description: PAID_AMOUNT, amount: paid }] : undefined,
    instructions: instructions(read),
  });
  return Object.keys(node).length > 0 ? node : undefined;
}
