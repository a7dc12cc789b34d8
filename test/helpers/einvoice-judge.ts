import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { compiledRules } from '../../src/formats/validation/compiled-rules';
import { ruleFindings, type RuleFinding } from '../../src/formats/validation/rule-findings';
import { RULE_SETS, type RuleSetName } from '../../src/formats/validation/rule-sets';
import { EINVOICE_DIR, RULES_CACHE } from './einvoice-dir';

export { EINVOICE_DIR, RULES_CACHE };

/**
 * The official e-invoice artefacts as judges of what the service writes: the OASIS UBL 2.1 and UN/CEFACT CII D16B XML
 * Schemas (run by libxml2's xmllint, compiled to WebAssembly) and the CEN/TC 434 EN 16931 Schematron rules of each
 * syntax, OpenPeppol's and KoSIT's (run as XSLT by SaxonJS). Read from `EINVOICE_ARTEFACTS_DIR`, else
 * `../shared/einvoice` beside the project; the tests that need them are skipped, with one line, where neither is present.
 */
/** `describe` when the artefacts are here, a skipped one (its body not run) when they are not. */
export const withEinvoice = {
  describe: EINVOICE_DIR
    ? describe
    : (name: string, _body: () => void) => describe.skip(name, () => test('reads the e-invoice artefacts', () => undefined)),
};

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });

/** Each syntax's schema files, named as their imports name them (relative to the syntax's xsd folder). */
const schemaFiles = new Map<string, { fileName: string; contents: string }[]>();

async function schemaErrors(xml: string, folder: string, main: string): Promise<string[]> {
  const root = path.join(EINVOICE_DIR!, folder);
  let files = schemaFiles.get(folder);
  if (!files) {
    files = filesUnder(root).map((file) => ({ fileName: path.relative(root, file), contents: readFileSync(file, 'utf8') }));
    schemaFiles.set(folder, files);
  }
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: files.find((file) => file.fileName === main)!,
    preload: files.filter((file) => file.fileName !== main),
  });
  return result.errors.map((error) => error.rawMessage);
}

/** The XML Schema's errors for a UBL Invoice or CreditNote (its root element chooses the schema); none when valid. */
export function ublSchemaErrors(xml: string): Promise<string[]> {
  const main = /<(\w+:)?CreditNote[\s>]/.test(xml.slice(0, 500)) ? 'maindoc/UBL-CreditNote-2.1.xsd' : 'maindoc/UBL-Invoice-2.1.xsd';
  return schemaErrors(xml, 'ubl/xsd', main);
}

/** The UN/CEFACT CII D16B XML Schema's errors for a CrossIndustryInvoice; none when valid. */
export const ciiSchemaErrors = (xml: string): Promise<string[]> =>
  schemaErrors(xml, 'cii/xsd', 'CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd');

/**
 * What a published rule set finds in a document (a valid document has no `fatal` finding). The Schematron runs as
 * XSLT in SaxonJS (see `src/formats/validation`); its compiled form is kept in `node_modules/.cache`, so only the
 * first run after a change of the rules compiles them.
 */
export async function rulesFindings(ruleSet: RuleSetName, xml: string): Promise<RuleFinding[]> {
  const sefFile = await compiledRules(path.join(EINVOICE_DIR!, RULE_SETS[ruleSet].schematron), RULES_CACHE);
  return ruleFindings(sefFile, xml);
}

/** The `fatal` findings only, as `rule at location: message` lines that read well in a failed expectation. */
export const fatalFindings = async (ruleSet: RuleSetName, xml: string): Promise<string[]> =>
  (await rulesFindings(ruleSet, xml))
    .filter((finding) => finding.flag === 'fatal')
    .map((finding) => `${finding.rule} at ${finding.location}: ${finding.message}`);
