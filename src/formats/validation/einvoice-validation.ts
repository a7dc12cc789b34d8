import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { loadRules, ruleFindings, type RuleFinding } from './rule-findings';
import { saxon } from '../saxon';
import { RULE_SETS, ruleSetsFor, XML_SCHEMAS, type RuleSetName, type Syntax } from './rule-sets';
import { receivedXml } from '../received-xml';

/** One problem a validation found: the rule (`BR-10`, `PEPPOL-EN16931-R010`, `XSD`), its flag, where, and what it says. */
export type ValidationFinding = RuleFinding;

/** What `POST /silo/v1/formats/validate` answers: valid when no error was found (warnings do not count). */
export interface ValidationReport {
  valid: boolean;
  syntax: Syntax;
  /** The document's customization id (BT-24), which chose the rule sets. */
  customization: string;
  /** The rule sets run after the XML Schema, in order (none when the schema already failed). */
  rules: RuleSetName[];
  errors: ValidationFinding[];
  warnings: ValidationFinding[];
  /** For a Factur-X / ZUGFeRD PDF: the name of the embedded file that was judged. */
  embedded?: string;
}

/** Where the official artefacts are, and each rule set's compiled form (see `compiledRules`). */
export interface ValidationArtefacts {
  dir: string;
  compiled: Partial<Record<RuleSetName, string>>;
}

/** A text that is no e-invoice this service reads: `malformed` for broken XML (400), else another document (422). */
export class NotAnEinvoice extends Error {
  constructor(
    message: string,
    readonly malformed: boolean,
  ) {
    super(message);
  }
}

/** A rule set the document must be judged by is not among the artefacts (or not compiled). */
export class MissingRules extends Error {
  constructor(readonly ruleSet: RuleSetName) {
    super(`the rule set ${ruleSet} (${RULE_SETS[ruleSet].schematron}) is not among the artefacts`);
  }
}

/** The syntax of an XML e-invoice, whether it is a UBL credit note, and its customization id; refuses anything else. */
export function identifyEinvoice(xml: string): { syntax: Syntax; creditNote: boolean; customization: string } {
  const parsed = receivedXml(xml);
  if (!parsed.ok) throw new NotAnEinvoice(parsed.refusal.message, parsed.refusal.malformed);
  const { syntax, creditNote, customization } = parsed.received;
  return { syntax, creditNote, customization };
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });

/** Each syntax's schema files, read once per thread: a few hundred kilobytes, two syntaxes. */
const schemaFiles = new Map<string, { fileName: string; contents: string }[]>();

function loadSchema(syntax: Syntax, dir: string): { fileName: string; contents: string }[] {
  const root = path.join(dir, XML_SCHEMAS[syntax].folder);
  let files = schemaFiles.get(root);
  if (!files) {
    files = filesUnder(root).map((file) => ({ fileName: path.relative(root, file), contents: readFileSync(file, 'utf8') }));
    schemaFiles.set(root, files);
  }
  return files;
}

/** What the syntax's XML Schema (in the artefacts folder `dir`) finds in a document: one finding per error, rule `XSD`. */
export async function schemaFindings(xml: string, syntax: Syntax, creditNote: boolean, dir: string): Promise<ValidationFinding[]> {
  const schema = XML_SCHEMAS[syntax];
  const files = loadSchema(syntax, dir);
  const main = 'creditNote' in schema && creditNote ? schema.creditNote : schema.invoice;
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: files.find((file) => file.fileName === main)!,
    preload: files.filter((file) => file.fileName !== main),
  });
  return result.errors.map((error) => ({
    rule: 'XSD',
    flag: 'fatal',
    location: error.loc ? `line ${error.loc.lineNumber}` : '',
    message: error.message.trim(),
  }));
}

const isError = (finding: ValidationFinding) => finding.flag === 'fatal' || finding.flag === 'error';

/**
 * Validates an XML e-invoice by the official artefacts: its syntax's XML Schema first (libxml2's, compiled to
 * WebAssembly); when that passes, every rule set that judges the document (EN 16931's always, OpenPeppol's or
 * KoSIT's by its customization id), run by SaxonJS from their compiled form.
 */
export async function validateEinvoice(
  xml: string,
  artefacts: ValidationArtefacts,
  options: { loaded?: () => void } = {},
): Promise<ValidationReport> {
  const { syntax, creditNote, customization } = identifyEinvoice(xml);
  const ruleSets = ruleSetsFor(syntax, customization);
  const applicable = ruleSets.map((name) => {
    const compiled = artefacts.compiled[name];
    if (!compiled) throw new MissingRules(name);
    return compiled;
  });
  // The artefacts are read once per thread, which may take seconds; `loaded` lets the caller's clock start after.
  loadSchema(syntax, artefacts.dir);
  saxon();
  applicable.forEach(loadRules);
  options.loaded?.();
  const findings = await schemaFindings(xml, syntax, creditNote, artefacts.dir);
  const rules = findings.length > 0 ? [] : ruleSets;
  if (findings.length === 0) for (const compiled of applicable) findings.push(...ruleFindings(compiled, xml));
  const errors = findings.filter(isError);
  return { valid: errors.length === 0, syntax, customization, rules, errors, warnings: findings.filter((finding) => !isError(finding)) };
}
