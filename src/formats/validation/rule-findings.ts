import { readFileSync } from 'node:fs';
import { saxon } from '../saxon';

/** One finding of a Schematron rule: its id, its flag (`fatal`, `warning`, …), where in the document, and its message. */
export interface RuleFinding {
  rule: string;
  flag: string;
  location: string;
  message: string;
}

/** Compiled rule sets read in this thread, by file: a handful at most (one per published rule set). */
const loaded = new Map<string, unknown>();

/** XPath 3's `path()` writes names as `Q{uri}local`: shown with the prefixes e-invoices use, they read as the rules do. */
const PREFIXES: Record<string, string> = {
  'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2': 'cac',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2': 'cbc',
  'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2': 'ubl',
  'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2': 'cn',
  'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100': 'rsm',
  'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100': 'ram',
  'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100': 'udt',
  'urn:un:unece:uncefact:data:standard:QualifiedDataType:100': 'qdt',
};
const readable = (location: string) =>
  location.replace(/Q\{([^}]*)\}/g, (_, uri: string) => (uri === '' ? '' : `${PREFIXES[uri] ?? `Q{${uri}}`}:`));

/** The compiled rules in `sefFile`, read once per thread (seconds for the largest set, on a loaded machine). */
export function loadRules(sefFile: string): unknown {
  let stylesheet = loaded.get(sefFile);
  if (!stylesheet) {
    stylesheet = JSON.parse(readFileSync(sefFile, 'utf8'));
    loaded.set(sefFile, stylesheet);
  }
  return stylesheet;
}

/** The compiled rule sets this thread has read, by file. */
export const loadedRules = (): string[] => [...loaded.keys()];

/** What the compiled rules in `sefFile` (see `compiledRules`) find in the XML document `xml`, in the rules' order. */
export function ruleFindings(sefFile: string, xml: string): RuleFinding[] {
  const { principalResult } = saxon().transform({ stylesheetInternal: loadRules(sefFile), sourceText: xml, destination: 'serialized' });
  return (JSON.parse(principalResult) as RuleFinding[]).map((finding) => ({ ...finding, location: readable(finding.location) }));
}
