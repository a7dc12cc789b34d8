import type { Fault, JsonObject } from '../../document';
import { ISO_SCHEME_ID, UNTDID, VATEX } from '../../document/addons/eu-en16931';
import { VAT_CATEGORY_BY_KEY } from '../../document/addons/eu-en16931/tax-combo';
import { obj, objects, str } from '../../document/rules/values';
import { getExt } from '../../document/tax/extensions';
import { ruleFault } from '../format-result';
import { categoryOf, EAS_CODES, percentNumber, vatCombo, vatEasScheme, vatIdentifier } from './codes';
import { partyIdsOf } from './party-ids';

/**
 * EN 16931's meaning of a calculated GOBL invoice, the same in either syntax (UBL, CII): what each business term
 * is read from, and the business rules the document must meet that GOBL leaves optional, by their published ids.
 */

/** The document's number as its readers know it: series and code (BT-1). */
export const invoiceNumber = (doc: JsonObject): string => [str(doc, 'series'), str(doc, 'code')].filter((part) => part !== '').join('-');

/** GOBL invoice types and their UNTDID 1001 codes, where the addon has not set one. */
const TYPE_CODES: Record<string, string> = {
  standard: '380',
  proforma: '325',
  corrective: '384',
  'credit-note': '381',
  'debit-note': '383',
};

/** The invoice type code (BT-3): the addon's, else the one GOBL's type stands for. */
export const typeCodeOf = (doc: JsonObject): string =>
  getExt(obj(doc, 'tax'), UNTDID.documentType) || TYPE_CODES[str(doc, 'type') || 'standard'] || '380';

export const isCreditNote = (doc: JsonObject): boolean => str(doc, 'type') === 'credit-note';

/** Which party: its rules differ only in their numbers. */
export type PartyRole = 'supplier' | 'customer';

const PARTY_RULES = {
  supplier: { name: 'BR-06', address: 'BR-08', country: 'BR-09' },
  customer: { name: 'BR-07', address: 'BR-10', country: 'BR-11' },
} as const;

/** What EN 16931 requires of a party that GOBL leaves optional: its name, a postal address, that address's country. */
function partyFaults(party: JsonObject | undefined, role: PartyRole): Fault[] {
  const path = `$.doc.${role}`;
  const rules = PARTY_RULES[role];
  if (!party) return [ruleFault(rules.name, path, `the ${role} is needed`)];
  const faults: Fault[] = [];
  if (str(party, 'name') === '') faults.push(ruleFault(rules.name, `${path}.name`, `the ${role}'s name is needed`));
  const address = objects(party, 'addresses')[0];
  if (!address) faults.push(ruleFault(rules.address, `${path}.addresses`, `the ${role}'s postal address is needed`));
  else if (str(address, 'country') === '') {
    faults.push(ruleFault(rules.country, `${path}.addresses[0].country`, `the ${role}'s address needs its country`));
  }
  return faults;
}

/**
 * The deliver-to party (BG-13, its date aside): the receiver's name (BT-70) and its first address (BG-15), which is
 * left out without its country (BR-57) rather than refused, as GOBL's address need not have one.
 */
export function deliverToOf(doc: JsonObject): { name?: string; address?: JsonObject } {
  const receiver = obj(obj(doc, 'delivery'), 'receiver');
  const address = objects(receiver, 'addresses')[0];
  return { name: str(receiver, 'name') || undefined, address: str(address, 'country') === '' ? undefined : address };
}

/** An intra-community supply (K) says when (BT-72, else the invoicing period BG-14) and to which country (BT-80) it went. */
function intraCommunityFaults(doc: JsonObject): Fault[] {
  const faults: Fault[] = [];
  const period = obj(obj(doc, 'ordering'), 'period');
  if (str(obj(doc, 'delivery'), 'date') === '' && str(period, 'start') === '' && str(period, 'end') === '') {
    faults.push(ruleFault('BR-IC-11', '$.doc.delivery.date', 'an intra-community supply needs its delivery date or invoicing period'));
  }
  if (!deliverToOf(doc).address) {
    faults.push(
      ruleFault('BR-IC-12', '$.doc.delivery.receiver.addresses', "an intra-community supply needs the deliver-to address's country"),
    );
  }
  return faults;
}

/** What EN 16931 requires of the whole document that GOBL may leave out. */
export function documentFaults(doc: JsonObject): Fault[] {
  const faults: Fault[] = [];
  if (str(doc, 'code') === '') faults.push(ruleFault('BR-02', '$.doc.code', 'the invoice needs its number (a draft has none yet)'));
  faults.push(...partyFaults(obj(doc, 'supplier'), 'supplier'), ...partyFaults(obj(doc, 'customer'), 'customer'));
  const totals = obj(doc, 'totals');
  const terms = obj(obj(doc, 'payment'), 'terms');
  const payable = Number(str(totals, 'due') || str(totals, 'payable') || '0');
  if (payable > 0 && objects(terms, 'due_dates').length === 0 && str(terms, 'notes') === '' && str(terms, 'key') === '') {
    faults.push(ruleFault('BR-CO-25', '$.doc.payment.terms', 'an amount due needs its due date or payment terms'));
  }
  const categories = objects(obj(totals, 'taxes'), 'categories');
  const standard = categories.some((c) => objects(c, 'rates').some((r) => getExt(r, UNTDID.taxCategory) === 'S'));
  const supplier = obj(doc, 'supplier');
  const noVatId = str(obj(supplier, 'tax_id'), 'code') === '';
  const ids = partyIdsOf(supplier, 'supplier');
  if (standard && noVatId && ids.taxRegistration === undefined) {
    const message = 'a standard rated invoice needs the seller VAT identifier (or its tax registration, BT-32)';
    faults.push(ruleFault('BR-S-02', '$.doc.supplier.tax_id.code', message));
  } else if (supplier && noVatId && ids.identifiers.length === 0 && !ids.legal) {
    const message = 'the seller needs an identifier (BT-29), a legal registration (BT-30) or a VAT identifier, by which the buyer knows it';
    faults.push(ruleFault('BR-CO-26', '$.doc.supplier.tax_id.code', message));
  }
  if (categories.some((c) => objects(c, 'rates').some((r) => categoryOf(r) === 'K'))) faults.push(...intraCommunityFaults(doc));
  if (str(obj(doc, 'tax'), 'prices_include') !== '') {
    faults.push(
      ruleFault(
        'format-prices-include',
        '$.doc.tax.prices_include',
        'EN 16931 writes net prices only: prices that include a tax cannot be written',
      ),
    );
  }
  return faults;
}

/** An electronic address (BT-34, BT-49): its EAS scheme, its identifier, and the GOBL path it is read from. */
export interface ElectronicAddress {
  scheme: string;
  id: string;
  path: string;
}

/**
 * A party's electronic address. Its inbox comes first, whatever its scheme (a CIUS then says why it refuses it): a
 * scheme and code, a Peppol code that carries its scheme (`0088:123…`), or an e-mail (scheme EM) where `accepted`
 * takes one. Where `derived`, a party without one is reached by an identity with an accepted ISO 6523 scheme, else
 * by its VAT number under its country's EAS code.
 */
export function endpointOf(
  party: JsonObject,
  role: PartyRole,
  accepted: ReadonlySet<string> = EAS_CODES,
  derived = false,
): ElectronicAddress | undefined {
  const at = `$.doc.${role}`;
  for (const [i, inbox] of objects(party, 'inboxes').entries()) {
    const [scheme, code] = [str(inbox, 'scheme'), str(inbox, 'code')];
    const carried = /^(\d{4}):(.+)$/.exec(code);
    if (scheme === '' && carried) return { scheme: carried[1], id: carried[2], path: `${at}.inboxes[${i}]` };
    if (scheme !== '' && code !== '') return { scheme, id: code, path: `${at}.inboxes[${i}]` };
    if (str(inbox, 'email') !== '' && accepted.has('EM')) return { scheme: 'EM', id: str(inbox, 'email'), path: `${at}.inboxes[${i}]` };
  }
  if (!derived) return undefined;
  for (const [i, identity] of objects(party, 'identities').entries()) {
    const scheme = getExt(identity, ISO_SCHEME_ID);
    if (accepted.has(scheme) && str(identity, 'code') !== '') return { scheme, id: str(identity, 'code'), path: `${at}.identities[${i}]` };
  }
  const taxId = obj(party, 'tax_id');
  const vatScheme = vatEasScheme(str(taxId, 'country'));
  if (accepted.has(vatScheme) && str(taxId, 'code') !== '') {
    return { scheme: vatScheme, id: vatIdentifier(str(taxId, 'country'), str(taxId, 'code')), path: `${at}.tax_id` };
  }
  return undefined;
}

/**
 * A party's contact (BG-6, BG-9): its first person's name, and the first telephone and e-mail of the party, else of
 * that person, where it has them.
 */
export function contactOf(party: JsonObject): { name?: string; telephone?: string; email?: string } | undefined {
  const person = objects(party, 'people')[0];
  const name = obj(person, 'name');
  const contact = {
    name: [str(name, 'given'), str(name, 'surname')].filter((part) => part !== '').join(' ') || undefined,
    telephone: str(objects(party, 'telephones')[0] ?? objects(person, 'telephones')[0], 'num') || undefined,
    email: str(objects(party, 'emails')[0] ?? objects(person, 'emails')[0], 'addr') || undefined,
  };
  return Object.values(contact).some((value) => value !== undefined) ? contact : undefined;
}

/** A VAT category and rate as EN 16931 writes them: the rate 0 where the category is exempt of any kind, none for `O`. */
export function taxRateOf(node: JsonObject | undefined): { category: string; percent?: string } {
  const category = categoryOf(node);
  const percent = str(node, 'percent');
  return { category, percent: category === 'O' ? undefined : percent === '' ? '0' : percentNumber(percent) };
}

/** One row of the VAT breakdown (BG-23). */
export interface VatBreakdownRow {
  /** The GOBL path of the rate the row is read from. */
  path: string;
  category: string;
  percent: string;
  base: string;
  amount: string;
  reasonCode?: string;
  reason?: string;
}

/** Categories that need an exemption reason, and the rule that asks for it. */
const EXEMPTION_RULES: Record<string, string> = { E: 'BR-E-10', AE: 'BR-AE-10', K: 'BR-IC-10', G: 'BR-G-10', O: 'BR-O-10' };

/** Taxes EN 16931 can write: VAT and the Canary and Ceuta and Melilla taxes (IGIC, IPSI). */
const WRITTEN_CATEGORIES = new Set(['VAT', 'IGIC', 'IPSI']);

/** The note of `tax.notes` that explains a category's exemption (`cat` VAT, the same category). */
function exemptionNote(doc: JsonObject, category: string): JsonObject | undefined {
  return objects(obj(doc, 'tax'), 'notes').find(
    (note) => str(note, 'cat') === 'VAT' && (getExt(note, UNTDID.taxCategory) || VAT_CATEGORY_BY_KEY[str(note, 'key')]) === category,
  );
}

/** The VAT breakdown, a row per category and rate as GOBL summed them, with the exemption reasons EN 16931 asks for. */
export function vatBreakdown(doc: JsonObject, faults: Fault[]): VatBreakdownRow[] {
  const rows: VatBreakdownRow[] = [];
  objects(obj(obj(doc, 'totals'), 'taxes'), 'categories').forEach((category, c) => {
    if (!WRITTEN_CATEGORIES.has(str(category, 'code'))) {
      faults.push(
        ruleFault('format-tax', `$.doc.totals.taxes.categories[${c}]`, `EN 16931 has no place for the tax ${str(category, 'code')}`),
      );
      return;
    }
    objects(category, 'rates').forEach((rate, r) => {
      const { category: code, percent } = taxRateOf(rate);
      const rule = EXEMPTION_RULES[code];
      const note = rule ? exemptionNote(doc, code) : undefined;
      const reasonCode = rule ? getExt(rate, VATEX) || getExt(note, VATEX) : '';
      const reason = str(note, 'text');
      if (rule && reasonCode === '' && reason === '') {
        const path = `$.doc.totals.taxes.categories[${c}].rates[${r}]`;
        faults.push(ruleFault(rule, path, `VAT category ${code} needs an exemption reason (a tax note or its VATEX code)`));
      }
      rows.push({
        path: `$.doc.totals.taxes.categories[${c}].rates[${r}]`,
        category: code,
        // EN 16931 lets a row not subject to VAT (O) go without its rate; XRechnung asks for one (BR-DE-14): 0.
        percent: percent ?? '0',
        base: str(rate, 'base'),
        amount: str(rate, 'amount') || '0.00',
        reasonCode: reasonCode === '' ? undefined : reasonCode.toUpperCase(),
        reason: reason === '' ? undefined : reason,
      });
    });
  });
  return rows;
}

/** Where an allowance or charge is, and the rule that asks it for a reason or a reason code. */
const REASON_RULES = {
  document: { discount: 'BR-33', charge: 'BR-38' },
  line: { discount: 'BR-42', charge: 'BR-44' },
} as const;

/** A discount or charge as EN 16931 reads it; `vat`, its VAT combo, is written only at the document level. */
export interface AllowanceCharge {
  charge: boolean;
  code?: string;
  reason?: string;
  percent?: string;
  base?: string;
  amount: string;
  vat?: JsonObject;
}

/** A GOBL discount or charge as EN 16931 reads it: reason, UNTDID code (5189 or 7161), percentage, base and amount. */
function allowanceChargeOf(
  node: JsonObject,
  kind: 'discount' | 'charge',
  at: { level: 'document' | 'line'; path: string; base: string },
  faults: Fault[],
): AllowanceCharge {
  const code = getExt(node, kind === 'discount' ? UNTDID.allowance : UNTDID.charge);
  const reason = str(node, 'reason');
  if (code === '' && reason === '') {
    faults.push(ruleFault(REASON_RULES[at.level][kind], `${at.path}.reason`, `the ${kind} needs a reason or a reason code`));
  }
  const percent = str(node, 'percent');
  const base = str(node, 'base') || at.base;
  return {
    charge: kind === 'charge',
    code: code || undefined,
    reason: reason || undefined,
    percent: percent === '' ? undefined : percentNumber(percent),
    base: percent === '' || base === '' ? undefined : base,
    amount: str(node, 'amount'),
    vat: vatCombo(node),
  };
}

/** The charges, then the discounts, of a line or of the document (`path`), read as EN 16931 reads them. */
export const allowancesAndChargesOf = (node: JsonObject, level: 'document' | 'line', path: string, base: string, faults: Fault[]) => [
  ...objects(node, 'charges').map((charge, i) =>
    allowanceChargeOf(charge, 'charge', { level, path: `${path}.charges[${i}]`, base }, faults),
  ),
  ...objects(node, 'discounts').map((discount, i) =>
    allowanceChargeOf(discount, 'discount', { level, path: `${path}.discounts[${i}]`, base }, faults),
  ),
];

/** A line's VAT combo (BT-151 and BT-152); BR-CO-04 when it has none. */
export function lineVatOf(line: JsonObject, index: number, faults: Fault[]): JsonObject | undefined {
  const combo = vatCombo(line);
  if (!combo) faults.push(ruleFault('BR-CO-04', `$.doc.lines[${index}].taxes`, 'each line needs its VAT category'));
  return combo;
}

/** How the invoice is to be paid (BG-16 to BG-20): the means, when it says them, the payee's account, the due date and terms. */
export interface PaymentOf {
  /** UNTDID 4461; undefined when the invoice gives no payment instructions. */
  meansCode?: string;
  reference?: string;
  account?: { iban?: string; number?: string; name?: string; bic?: string };
  /** The direct debit (BG-19): the mandate reference, the creditor's identifier and the debited account. */
  mandate?: { reference?: string; creditor?: string; account?: string };
  /** The payment card (BG-18): the last digits of its number (BT-87, GOBL keeps four) and its holder (BT-88). */
  card?: { number: string; holder?: string };
  dueDate?: string;
  /** The payment terms' text: the notes, else (without a due date) the terms' key, so that BR-CO-25 holds. */
  termsNote?: string;
}

/**
 * Terms whose last line is coded (`#SKONTO#TAGE=14#PROZENT=2.00#`) keep the line break that ends it, which GOBL trims
 * and XRechnung asks for (BR-DE-18).
 */
const withCodedLineEnd = (notes: string): string => (/(^|\n)\s*#[^\n]*#\s*$/.test(notes) ? `${notes.trimEnd()}\n` : notes);

export function paymentOf(doc: JsonObject): PaymentOf {
  const instructions = obj(obj(doc, 'payment'), 'instructions');
  const terms = obj(obj(doc, 'payment'), 'terms');
  const dueDate = str(objects(terms, 'due_dates')[0], 'date');
  const transfer = objects(instructions, 'credit_transfer')[0];
  const debit = obj(instructions, 'direct_debit');
  const card = obj(instructions, 'card');
  const present = (value: string) => (value === '' ? undefined : value);
  return {
    meansCode: instructions && (getExt(instructions, UNTDID.paymentMeans) || '1'),
    reference: present(str(instructions, 'ref')),
    account: transfer && {
      iban: present(str(transfer, 'iban')),
      number: present(str(transfer, 'number')),
      name: present(str(transfer, 'name')),
      bic: present(str(transfer, 'bic')),
    },
    mandate: debit && {
      reference: present(str(debit, 'ref')),
      creditor: present(str(debit, 'creditor')),
      account: present(str(debit, 'account')),
    },
    // BT-87 is required in BG-18: a card without its last digits is no card EN 16931 can name.
    card: card && str(card, 'last4') !== '' ? { number: str(card, 'last4'), holder: present(str(card, 'holder')) } : undefined,
    dueDate: present(dueDate),
    termsNote: present(withCodedLineEnd(str(terms, 'notes')) || (terms && dueDate === '' ? str(terms, 'key') : '')),
  };
}
