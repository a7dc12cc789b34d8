/** The two syntaxes of EN 16931. */
export type Syntax = 'ubl' | 'cii';

/** The root elements of the e-invoices this service reads, by `namespace localName`: their syntax, and whether a UBL credit note. */
export const EINVOICE_ROOTS: Record<string, { syntax: Syntax; creditNote: boolean }> = {
  'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2 Invoice': { syntax: 'ubl', creditNote: false },
  'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2 CreditNote': { syntax: 'ubl', creditNote: true },
  'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100 CrossIndustryInvoice': { syntax: 'cii', creditNote: false },
};

/** Customization ids (BT-24) that name a CIUS or extension with rules of its own. */
export const PEPPOL_BILLING = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const XRECHNUNG_3 = 'urn:xeinkauf.de:kosit:xrechnung_3.0';

/** A published set of Schematron rules: the syntax it reads, its file in the artefacts folder, and the documents it judges. */
export interface RuleSet {
  syntax: Syntax;
  schematron: string;
  judges(customization: string): boolean;
}

const always = () => true;
const peppol = (customization: string) => customization.startsWith(PEPPOL_BILLING);
const xrechnung = (customization: string) => customization.includes(XRECHNUNG_3);

/**
 * Every rule set, by name, with its path in the artefacts folder (`EINVOICE_ARTEFACTS_DIR`, laid out as
 * `npm run fetch:artefacts` fills it): CEN/TC 434's EN 16931 rules judge every document of their syntax; OpenPeppol's
 * and KoSIT's only those whose customization id names them.
 */
export const RULE_SETS = {
  'en16931-ubl': { syntax: 'ubl', schematron: 'en16931/ubl/preprocessed/EN16931-UBL-validation-preprocessed.sch', judges: always },
  'en16931-cii': { syntax: 'cii', schematron: 'en16931/cii/preprocessed/EN16931-CII-validation-preprocessed.sch', judges: always },
  'peppol-ubl': { syntax: 'ubl', schematron: 'peppol/PEPPOL-EN16931-UBL.sch', judges: peppol },
  'peppol-cii': { syntax: 'cii', schematron: 'peppol/PEPPOL-EN16931-CII.sch', judges: peppol },
  'xrechnung-ubl': { syntax: 'ubl', schematron: 'xrechnung/ubl/XRechnung-UBL-validation.sch', judges: xrechnung },
  'xrechnung-cii': { syntax: 'cii', schematron: 'xrechnung/cii/XRechnung-CII-validation.sch', judges: xrechnung },
} as const satisfies Record<string, RuleSet>;

export type RuleSetName = keyof typeof RULE_SETS;
export const RULE_SET_NAMES = Object.keys(RULE_SETS) as RuleSetName[];

/** The rule sets that judge a document of `syntax` naming `customization`, in order: EN 16931's first. */
export const ruleSetsFor = (syntax: Syntax, customization: string): RuleSetName[] =>
  RULE_SET_NAMES.filter((name) => RULE_SETS[name].syntax === syntax && RULE_SETS[name].judges(customization));

/** Each syntax's XML Schema, by its root document, in the artefacts folder. */
export const XML_SCHEMAS = {
  ubl: { folder: 'ubl/xsd', invoice: 'maindoc/UBL-Invoice-2.1.xsd', creditNote: 'maindoc/UBL-CreditNote-2.1.xsd' },
  cii: { folder: 'cii/xsd', invoice: 'CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd' },
} as const;
