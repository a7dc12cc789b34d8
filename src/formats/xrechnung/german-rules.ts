import type { Fault, JsonObject } from '../../document';
import { obj, objects, str } from '../../document/rules/values';
import { contactOf, paymentOf, vatBreakdown } from '../en16931/semantics';
import { ruleFault } from '../format-result';

/**
 * Germany's rules for an invoice (KoSIT's XRechnung, BR-DE-n), which Peppol BIS also applies between a German seller
 * and a German buyer under ids of its own (DE-R-0nn). Each rule is keyed here by XRechnung's number; `ruleId` names
 * it as the CIUS at hand publishes it.
 */
export type GermanRuleId = (key: string) => string;

/** XRechnung's own ids: `BR-DE-15`, `BR-DE-23-a`. */
export const xrechnungRuleId: GermanRuleId = (key) => `BR-DE-${key}`;

/** Peppol's ids of the same rules: `DE-R-015`, `DE-R-023-1`. */
export const peppolGermanRuleId: GermanRuleId = (key) => {
  const [number, part] = key.split('-');
  return `DE-R-${number.padStart(3, '0')}${part === undefined ? '' : `-${'ab'.indexOf(part) + 1}`}`;
};

/** VAT categories that ask for the seller's VAT or tax registration identifier (BR-DE-16). */
const IDENTIFIED_CATEGORIES = new Set(['S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M']);

/** One line of cash discount terms (Skonto) in the payment terms: `#SKONTO#TAGE=14#PROZENT=2.00#`, a base amount optional. */
const SKONTO_LINE = /^#SKONTO#TAGE=[0-9]+#PROZENT=[0-9]+\.[0-9]{2}(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$/;

/** BR-DE-18: every line of the payment terms that starts with `#` is a Skonto line (paymentOf keeps its line break). */
const skontoFault = (notes: string): boolean =>
  notes
    .split(/\r?\n/)
    .map((line) => line.trim())
    .some((line) => line.startsWith('#') && !SKONTO_LINE.test(line));

/** The seller's contact (BG-6): all of it, else each part it lacks (BR-DE-2, BR-DE-5 to BR-DE-7). */
function contactFaults(supplier: JsonObject, id: GermanRuleId): Fault[] {
  const at = '$.doc.supplier';
  const contact = contactOf(supplier);
  if (!contact) {
    const paths = [`${at}.people`, `${at}.telephones`, `${at}.emails`];
    return [{ code: id('2'), message: "the seller's contact is needed: a person's name, a telephone and an e-mail", paths }];
  }
  const faults: Fault[] = [];
  if (!contact.name) faults.push(ruleFault(id('5'), `${at}.people`, "the seller's contact needs a person's name"));
  if (!contact.telephone) faults.push(ruleFault(id('6'), `${at}.telephones`, "the seller's contact needs a telephone"));
  if (!contact.email) faults.push(ruleFault(id('7'), `${at}.emails`, "the seller's contact needs an e-mail"));
  return faults;
}

/** A party's city and post code, where it has an address (EN 16931's BR-08 and BR-10 ask for the address itself). */
function addressFaults(party: JsonObject | undefined, role: 'supplier' | 'customer', keys: [string, string], id: GermanRuleId): Fault[] {
  const address = objects(party, 'addresses')[0];
  if (!address) return [];
  const at = `$.doc.${role}.addresses[0]`;
  const faults: Fault[] = [];
  if (str(address, 'locality') === '') faults.push(ruleFault(id(keys[0]), `${at}.locality`, `the ${role}'s address needs its city`));
  if (str(address, 'code') === '') faults.push(ruleFault(id(keys[1]), `${at}.code`, `the ${role}'s address needs its post code`));
  return faults;
}

/** How the invoice is to be paid, as the German rules ask (BR-DE-1, BR-DE-23 to BR-DE-25, BR-DE-30, BR-DE-31). */
function paymentFaults(doc: JsonObject, id: GermanRuleId): Fault[] {
  const at = '$.doc.payment.instructions';
  const paid = paymentOf(doc);
  const code = paid.meansCode;
  if (code === undefined) return [ruleFault(id('1'), at, 'payment instructions are needed')];
  const faults: Fault[] = [];
  const account = paid.account?.iban ?? paid.account?.number;
  if (['30', '58'].includes(code) && account === undefined) {
    faults.push(ruleFault(id('23-a'), `${at}.credit_transfer`, 'a credit transfer needs the account to pay into'));
  }
  if (['30', '58'].includes(code) && paid.mandate)
    faults.push(ruleFault(id('23-b'), `${at}.direct_debit`, 'a credit transfer has no direct debit'));
  if (['48', '54', '55'].includes(code) && !paid.card) {
    faults.push(ruleFault(id('24-a'), `${at}.card`, "payment by card needs the card's last digits"));
  }
  if (code === '59' && !paid.mandate) faults.push(ruleFault(id('25-a'), `${at}.direct_debit`, 'a direct debit needs its mandate'));
  if (code === '59' && paid.account)
    faults.push(ruleFault(id('25-b'), `${at}.credit_transfer`, 'a direct debit has no account to pay into'));
  if (paid.mandate && paid.mandate.creditor === undefined) {
    faults.push(ruleFault(id('30'), `${at}.direct_debit.creditor`, "a direct debit needs the creditor's identifier"));
  }
  if (paid.mandate && paid.mandate.account === undefined) {
    faults.push(ruleFault(id('31'), `${at}.direct_debit.account`, 'a direct debit needs the account it debits'));
  }
  return faults;
}

/** What Germany's rules ask of an invoice that the document does not say, named by `ruleId`. */
export function germanFaults(doc: JsonObject, ruleId: GermanRuleId): Fault[] {
  const supplier = obj(doc, 'supplier');
  const faults: Fault[] = [];
  if (str(obj(doc, 'ordering'), 'code') === '') {
    faults.push(
      ruleFault(ruleId('15'), '$.doc.ordering.code', "the buyer's reference (BT-10, a Leitweg-ID for German authorities) is needed"),
    );
  }
  if (supplier) faults.push(...contactFaults(supplier, ruleId));
  faults.push(
    ...addressFaults(supplier, 'supplier', ['3', '4'], ruleId),
    ...addressFaults(obj(doc, 'customer'), 'customer', ['8', '9'], ruleId),
  );
  faults.push(...paymentFaults(doc, ruleId));
  const identified = vatBreakdown(doc, []).some((row) => IDENTIFIED_CATEGORIES.has(row.category));
  if (identified && str(obj(supplier, 'tax_id'), 'code') === '') {
    faults.push(ruleFault(ruleId('16'), '$.doc.supplier.tax_id', "the seller's VAT or tax registration identifier is needed"));
  }
  const notes = str(obj(obj(doc, 'payment'), 'terms'), 'notes');
  if (skontoFault(notes)) {
    faults.push(
      ruleFault(ruleId('18'), '$.doc.payment.terms.notes', 'cash discount lines must read #SKONTO#TAGE=n#PROZENT=n.nn# and end the line'),
    );
  }
  return faults;
}
