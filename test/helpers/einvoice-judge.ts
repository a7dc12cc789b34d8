import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

/**
 * The official e-invoice artefacts as judges of what the service writes: the OASIS UBL 2.1 XML Schema (run by
 * libxml2's xmllint, compiled to WebAssembly) and the CEN/TC 434 EN 16931 Schematron rules (run by node-schematron
 * on fontoxpath, an XPath 3.1 engine). Read from `EINVOICE_ARTEFACTS_DIR`, else `../shared/einvoice` beside the
 * project; the tests that need them are skipped, with one line, where neither is present.
 */
const candidates = [process.env.EINVOICE_ARTEFACTS_DIR, path.resolve(__dirname, '../../../shared/einvoice')];
export const EINVOICE_DIR = candidates.find((dir): dir is string => !!dir && existsSync(path.join(dir, 'ubl', 'xsd')));

export const HOW_TO_GET_EINVOICE =
  'The official e-invoice artefacts (UBL XML Schema, EN 16931 Schematron) were not found: the tests judged by them are skipped. ' +
  'Set EINVOICE_ARTEFACTS_DIR to a folder holding ubl/xsd and en16931/ubl.';

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

/** The UBL schema's files, named as its imports name them (relative to ubl/xsd). */
let ublSchemaFiles: { fileName: string; contents: string }[] | undefined;

/** The XML Schema's errors for a UBL Invoice or CreditNote (its root element chooses the schema); none when valid. */
export async function ublSchemaErrors(xml: string): Promise<string[]> {
  const root = path.join(EINVOICE_DIR!, 'ubl', 'xsd');
  ublSchemaFiles ??= filesUnder(root).map((file) => ({ fileName: path.relative(root, file), contents: readFileSync(file, 'utf8') }));
  const main = /<(\w+:)?CreditNote[\s>]/.test(xml.slice(0, 500)) ? 'maindoc/UBL-CreditNote-2.1.xsd' : 'maindoc/UBL-Invoice-2.1.xsd';
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: ublSchemaFiles.find((file) => file.fileName === main)!,
    preload: ublSchemaFiles.filter((file) => file.fileName !== main),
  });
  return result.errors.map((error) => error.rawMessage);
}

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

/** What the EN 16931 Schematron for UBL finds in a document; a valid document has no `fatal` finding. */
export function en16931UblFindings(xml: string): RuleFinding[] {
  const { schema, flags } = schematron('en16931/ubl/preprocessed/EN16931-UBL-validation-preprocessed.sch');
  return schema.validateString(xml).map((result) => ({
    rule: result.assertId ?? '',
    flag: flags.get(result.assertId ?? '') ?? '',
    message: (result.message ?? '').trim(),
  }));
}
