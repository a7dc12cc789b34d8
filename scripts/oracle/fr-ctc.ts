/**
 * Documents for France's CTC addons (gobl.fr.ctc, only in the extended reference build): most of those that
 * declare one are reshaped to pass its rules (French parties identified by SIREN, with SIREN inboxes, euros,
 * suitable line keys), so that the comparison reaches the calculation and not only the refusals.
 */
import type { JsonObject } from '../../src/document/base/types';
import type { Random } from './random';
import { addDays, date } from './dates';
import { address, companyName, party } from './parties';
import { validTaxCode } from './tax-codes';

export const FR_CTC_FLOW2 = 'fr-ctc-flow2-v1';
export const FR_CTC_FLOW6 = 'fr-ctc-flow6-v1';
export const FR_CTC_FLOW10 = 'fr-ctc-flow10-v1';

/** A French company with a VAT code, its SIREN (sometimes a SIRET too) and, for flows 2 and 6, a SIREN inbox. */
export function frenchParty(rng: Random, inbox: boolean): JsonObject {
  const code = validTaxCode(rng, 'FR') ?? '44732829320';
  const siren = code.slice(-9);
  const p: JsonObject = { name: companyName(rng), tax_id: { country: 'FR', code } };
  const ids: JsonObject[] = [{ type: 'SIREN', code: siren }];
  if (rng.chance(0.2)) ids.push({ type: 'SIRET', code: `${siren}${rng.chars('0123456789', 5)}` });
  if (rng.chance(0.2)) ids.reverse();
  if (rng.chance(0.9)) p.identities = ids;
  if (inbox)
    p.inboxes = [
      {
        ...(rng.chance(0.5) ? { key: 'peppol' } : {}),
        scheme: '0225',
        code: rng.chance(0.8) ? siren : `${siren}_${rng.chars('ABC123', 4)}`,
      },
    ];
  p.addresses = [address(rng, 'FR')];
  if (rng.chance(0.5)) p.emails = [{ addr: `factures@${rng.chars('abcdefgh', 6)}.example.fr` }];
  return p;
}

function euros(doc: JsonObject): void {
  doc.currency = 'EUR';
  delete doc.exchange_rates;
}

const objs = (v: unknown): JsonObject[] => (Array.isArray(v) ? v.filter((x): x is JsonObject => typeof x === 'object' && x !== null) : []);

/** What EN 16931, which flow 2 builds on, asks for: reasons on discounts and charges, VAT at French rates, payment terms. */
function meetEn16931(rng: Random, doc: JsonObject): void {
  const withReason = (list: unknown) =>
    objs(list).forEach((a) => {
      if (!a.reason) a.reason = 'Remise commerciale';
    });
  for (const l of objs(doc.lines)) {
    withReason(l.discounts);
    withReason(l.charges);
    if (rng.chance(0.9)) l.taxes = [{ cat: 'VAT', rate: rng.pick(['general', 'general', 'intermediate', 'reduced', 'super-reduced']) }];
  }
  withReason(doc.discounts);
  withReason(doc.charges);
  const issueDate = String(doc.issue_date);
  const terms: JsonObject = { key: 'due-date', due_dates: [{ date: addDays(issueDate, rng.pick([0, 30, 45])), percent: '100%' }] };
  if (rng.chance(0.3)) terms.notes = 'Paiement à 30 jours.';
  doc.payment = { terms };
  if (rng.chance(0.7))
    (doc.payment as JsonObject).instructions = {
      key: 'credit-transfer',
      credit_transfer: [{ iban: 'FR7630006000011234567890189', name: 'Compte principal' }],
    };
  for (const a of objs(doc.attachments)) a.code = `PJ-${rng.int(1, 99)}`;
}

/** An invoice under flow 2 (domestic B2B) or flow 10 (B2C, or B2B with a customer elsewhere in the EU). */
export function shapeFrCtcInvoice(rng: Random, doc: JsonObject): void {
  const addons = Array.isArray(doc.$addons) ? doc.$addons : [];
  if (!rng.chance(0.85)) return;
  euros(doc);
  // The reform is recent; older dates also lack some of the rates.
  doc.issue_date = date(rng, 2024, 2027);
  for (const ref of objs(doc.preceding)) ref.issue_date = addDays(String(doc.issue_date), -rng.int(1, 90));
  if (addons.includes(FR_CTC_FLOW2)) {
    doc.supplier = frenchParty(rng, true);
    doc.customer = frenchParty(rng, true);
    if (rng.chance(0.1)) doc.$tags = [rng.pick(['self-billed', 'factoring', 'prepayment'])];
    meetEn16931(rng, doc);
  } else if (addons.includes(FR_CTC_FLOW10)) {
    doc.supplier = frenchParty(rng, false);
    if (rng.chance(0.5)) delete doc.customer;
    else {
      const c = party(rng, { country: rng.pick(['DE', 'ES', 'IT', 'BE', 'NL', 'PT']) });
      c.addresses = [address(rng, String((c.tax_id as JsonObject).country))];
      delete c.identities;
      doc.customer = c;
    }
    if (doc.$tags) delete doc.$tags;
  } else return;
  if (Array.isArray(doc.attachments))
    for (const a of doc.attachments as JsonObject[]) a.description = rng.pick(['PJA', 'BON_COMMANDE', 'LISIBLE']);
}

/** One settled invoice per line, as CDAR messages reference a single invoice. */
function paymentLine(rng: Random, issueDate: string): JsonObject {
  return {
    document: { series: 'F', code: String(rng.int(1, 999)), issue_date: addDays(issueDate, -rng.int(1, 60)) },
    amount: rng.decimal(4, 2),
  };
}

/** Payments in France may declare flow 10 (receipts to report) or flow 6 (payment lifecycle messages). */
export function frCtcPayment(rng: Random, doc: JsonObject): void {
  if (!rng.chance(0.7)) return;
  const flow = rng.pick([FR_CTC_FLOW10, FR_CTC_FLOW6]);
  doc.$addons = [flow];
  if (!rng.chance(0.85)) return;
  euros(doc);
  const issueDate = String(doc.issue_date);
  if (flow === FR_CTC_FLOW10) {
    doc.type = 'receipt';
    doc.value_date = issueDate;
    doc.supplier = frenchParty(rng, false);
    if (rng.chance(0.5)) doc.customer = frenchParty(rng, false);
    else delete doc.customer;
  } else {
    doc.type = rng.pick(['advice', 'receipt']);
    doc.supplier = frenchParty(rng, true);
    doc.customer = frenchParty(rng, true);
    doc.lines = [paymentLine(rng, issueDate)];
  }
}

/** Lifecycle status messages of flow 6: one line, a line key that suits the status type, fitting reasons. */
export function frCtcStatus(rng: Random, doc: JsonObject): void {
  if (!rng.chance(0.7)) return;
  doc.$addons = [FR_CTC_FLOW6];
  if (!rng.chance(0.85)) return;
  doc.type = rng.pick(['response', 'update']);
  doc.supplier = frenchParty(rng, true);
  doc.customer = frenchParty(rng, true);
  const key = doc.type === 'update' ? 'issued' : rng.pick(['acknowledged', 'processing', 'accepted', 'rejected', 'querying']);
  const line: JsonObject = { key, doc: { series: 'F', code: String(rng.int(1, 999)), issue_date: String(doc.issue_date) } };
  if (key === 'rejected' || key === 'querying') line.reasons = [{ key: 'references', description: 'Bon de commande manquant' }];
  if (rng.chance(0.3)) line.actions = [{ key: rng.pick(['reissue', 'provide', 'credit-full']) }];
  doc.lines = [line];
}
