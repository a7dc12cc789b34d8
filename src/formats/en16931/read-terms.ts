import type { StatedTotals } from '../reading';

/**
 * The business terms of EN 16931 as a syntax reader extracts them from a received document: plain texts, named by
 * the terms (BT-n, BG-n) whatever the syntax, before any GOBL meaning is given to them. Each syntax fills these
 * from its own elements; `read-invoice.ts` makes the one GOBL invoice of them, for UBL and CII alike. Decimals and
 * dates are already in GOBL's forms (`12.50`, `2026-11-20`); anything absent is undefined.
 */

/** An identifier and the scheme it is given in (ISO 6523 ICD, EAS, or a list's own). */
export interface ReadId {
  id: string;
  scheme?: string;
}

/** A postal address (BG-5, BG-8, BG-12, BG-15). */
export interface ReadAddress {
  /** BT-35: the main address line. */
  street?: string;
  /** BT-36 and BT-162: the further address lines. */
  extra: string[];
  city?: string;
  postcode?: string;
  region?: string;
  country?: string;
}

/** A party: seller (BG-4), buyer (BG-7), payee (BG-10), and the few terms of the deliver-to party (BG-13). */
export interface ReadParty {
  /** The legal name (BT-27, BT-44), the payee's name (BT-59) or the deliver-to name (BT-70). */
  name?: string;
  /** BT-28, BT-45: the name it trades under. */
  tradingName?: string;
  /** BT-29, BT-46, BT-60: its identifiers. */
  identifiers: ReadId[];
  /** BT-30, BT-47, BT-61: its legal registration identifier. */
  legalId?: ReadId;
  /** BT-31, BT-48: its VAT identifier, with its country prefix. */
  vatId?: string;
  /** BT-32: its tax registration identifier, not a VAT one (a German Steuernummer, say). */
  taxRegistration?: string;
  /** BT-34, BT-49: its electronic address. */
  endpoint?: ReadId;
  address?: ReadAddress;
  /** BG-6, BG-9: its contact. */
  contact?: { name?: string; telephone?: string; email?: string };
}

/** A VAT category code (UNTDID 5305) and rate, as a line (BT-151, BT-152) or an allowance or charge gives them. */
export interface ReadVat {
  category?: string;
  percent?: string;
}

/** An allowance (BG-20, BG-27) or a charge (BG-21, BG-28). */
export interface ReadAllowanceCharge {
  charge: boolean;
  amount?: string;
  base?: string;
  percent?: string;
  /** UNTDID 5189 for an allowance, 7161 for a charge. */
  reasonCode?: string;
  reason?: string;
  /** Its VAT (document level only). */
  vat?: ReadVat;
}

export interface ReadPeriod {
  start?: string;
  end?: string;
}

/** An invoice line (BG-25) and its item (BG-31). */
export interface ReadLine {
  notes: string[];
  quantity?: string;
  /** BT-130, UN/ECE Recommendation 20 or 21. */
  unitCode?: string;
  /** BT-146, the net price, for `baseQuantity` units (BT-149). */
  price?: string;
  baseQuantity?: string;
  /** BT-128: an object the line invoices, with its UNTDID 1153 scheme. */
  object?: ReadId;
  /** BT-132. */
  orderLine?: string;
  /** BT-133. */
  accountingCost?: string;
  period?: ReadPeriod;
  allowancesCharges: ReadAllowanceCharge[];
  vat?: ReadVat;
  name?: string;
  description?: string;
  /** BT-155, BT-156. */
  sellerId?: string;
  buyerId?: string;
  /** BT-157, with its ISO 6523 scheme. */
  standardId?: ReadId;
  /** BT-158, with its UNTDID 7143 list. */
  classifications: ReadId[];
  origin?: string;
  /** BT-160, BT-161. */
  attributes: { name: string; value: string }[];
}

/** A row of the VAT breakdown (BG-23): only what GOBL does not calculate again, the exemption reasons. */
export interface ReadVatRow {
  category?: string;
  percent?: string;
  /** BT-121, a VATEX code. */
  exemptionCode?: string;
  /** BT-120. */
  exemptionReason?: string;
}

/** A document referred to by its number and, for a preceding invoice (BG-3), its date. */
export interface ReadReference {
  id: string;
  date?: string;
  /** A project's name (BT-11 in CII). */
  name?: string;
}

/** A payment means (BG-16) with the accounts, card and mandate that go with it. */
export interface ReadPaymentMeans {
  /** BT-81, UNTDID 4461. */
  code?: string;
  /** BT-82. */
  text?: string;
  /** BG-17: the payee's accounts (BT-84, BT-85, BT-86); `iban` where the syntax says it is one. */
  accounts: { id: string; iban?: boolean; name?: string; bic?: string }[];
  /** BG-18: the card's number (its last digits, BT-87) and holder (BT-88). */
  card?: { number?: string; holder?: string };
  /** BT-91: the debited account. */
  debitedAccount?: string;
}

/** The whole invoice, as read. */
export interface ReadInvoice {
  /** BT-24 and BT-23: the specification and business process the document follows. */
  customizationId?: string;
  profileId?: string;
  number?: string;
  issueDate?: string;
  typeCode?: string;
  currency?: string;
  /** BT-7. */
  taxPointDate?: string;
  /** BT-8 as GOBL's tax point key (each syntax has its own code list for it). */
  taxPoint?: string;
  /** BT-9: one, or a date per payment terms where the syntax repeats them. */
  dueDates: string[];
  buyerReference?: string;
  projects: ReadReference[];
  contracts: string[];
  purchaseOrder?: string;
  salesOrder?: string;
  receivingAdvices: string[];
  despatchAdvices: string[];
  /** BT-17. */
  tenders: string[];
  /** BT-18, with its UNTDID 1153 scheme. */
  invoicedObjects: ReadId[];
  /** BT-19. */
  accountingCost?: string;
  /** BG-1: each note's text (BT-22) and subject code (BT-21, UNTDID 4451). */
  notes: { subject?: string; text: string }[];
  preceding: ReadReference[];
  seller?: ReadParty;
  buyer?: ReadParty;
  payee?: ReadParty;
  delivery?: { party?: ReadParty; location?: ReadId; date?: string };
  period?: ReadPeriod;
  paymentMeans: ReadPaymentMeans[];
  /** BT-83. */
  remittance?: string;
  /** BT-89, BT-90. */
  mandate?: string;
  creditorId?: string;
  /** BT-20: the payment terms' texts. */
  paymentTerms: string[];
  allowancesCharges: ReadAllowanceCharge[];
  vatBreakdown: ReadVatRow[];
  totals: StatedTotals;
  lines: ReadLine[];
}

/** The XPaths of the terms without which a document cannot be read as an invoice, as the syntax places them. */
export interface RequiredPaths {
  number: string;
  issueDate: string;
  currency: string;
  sellerName: string;
  lines: string;
}
