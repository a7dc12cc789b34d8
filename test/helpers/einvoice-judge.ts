import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { EINVOICE_DIR } from './einvoice-dir';

export { EINVOICE_DIR };

/**
 * The official e-invoice artefacts as judges of what the service writes: the OASIS UBL 2.1 and UN/CEFACT CII D16B XML
 * Schemas (run by libxml2's xmllint, compiled to WebAssembly) and the CEN/TC 434 EN 16931 Schematron rules of each
 * syntax (run by node-schematron on fontoxpath, an XPath 3.1 engine). Read from `EINVOICE_ARTEFACTS_DIR`, else `../shared/einvoice` beside the
 * project; the tests that need them are skipped, with one line, where neither is present.
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

/** One finding of a Schematron: the rule's id, its flag (`fatal` or `warning`) and its message. */
export interface RuleFinding {
  rule: string;
  flag: string;
  message: string;
}

/** node-schematron, typed here by what is used of it: its own types pull in fontoxpath's, which declare the DOM library for every file of the project. */
interface Schematron {
  validateString(xml: string): { assertId: string | null; message?: string }[];
}
const { Schema } = require('node-schematron') as { Schema: { fromString(text: string): Schematron } };

const schemas = new Map<string, { schema: Schematron; flags: Map<string, string> }>();

function schematron(file: string) {
  let found = schemas.get(file);
  if (!found) {
    const text = readFileSync(path.join(EINVOICE_DIR!, file), 'utf8');
    // node-schematron reports an assertion's id; its flag is read from the rules themselves.
    const flags = new Map(
      [...text.matchAll(/<assert\b[^>]*>/g)].map(([tag]) => [
        /\bid="([^"]+)"/.exec(tag)?.[1] ?? '',
        /\bflag="([^"]+)"/.exec(tag)?.[1] ?? '',
      ]),
    );
    found = { schema: Schema.fromString(text), flags };
    schemas.set(file, found);
  }
  return found;
}

const findings = (file: string, xml: string): RuleFinding[] => {
  const { schema, flags } = schematron(file);
  return schema.validateString(xml).map((result) => ({
    rule: result.assertId ?? '',
    flag: flags.get(result.assertId ?? '') ?? '',
    message: (result.message ?? '').trim(),
  }));
};

/** What the EN 16931 Schematron for UBL finds in a document; a valid document has no `fatal` finding. */
export const en16931UblFindings = (xml: string): RuleFinding[] =>
  findings('en16931/ubl/preprocessed/EN16931-UBL-validation-preprocessed.sch', xml);

/** What the EN 16931 Schematron for CII finds in a document; a valid document has no `fatal` finding. */
export const en16931CiiFindings = (xml: string): RuleFinding[] =>
  findings('en16931/cii/preprocessed/EN16931-CII-validation-preprocessed.sch', xml);
