import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the official e-invoice artefacts are, for the tests (never the product): `EINVOICE_ARTEFACTS_DIR`, else
 * `../shared/einvoice` beside the project; undefined when neither holds them.
 */
const candidates = [process.env.EINVOICE_ARTEFACTS_DIR, path.resolve(__dirname, '../../../shared/einvoice')];
export const EINVOICE_DIR = candidates.find((dir): dir is string => !!dir && existsSync(path.join(dir, 'ubl', 'xsd')));

export const HOW_TO_GET_EINVOICE =
  'The official e-invoice artefacts (the UBL and CII XML Schemas, the EN 16931 Schematron) were not found: the tests judged by them are skipped. ' +
  'Set EINVOICE_ARTEFACTS_DIR to a folder holding ubl/xsd, cii/xsd and en16931/.';

/** Where the tests keep the compiled rules, shared by every test file and run (a server's `einvoiceRulesDir`). */
export const RULES_CACHE = path.resolve(__dirname, '../../node_modules/.cache/einvoice-rules');
