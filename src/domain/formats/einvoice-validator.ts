import { existsSync } from 'node:fs';
import path from 'node:path';
import { compiledRules } from '../../formats/validation/compiled-rules';
import type { ValidationReport } from '../../formats/validation/einvoice-validation';
import { RULE_SETS, RULE_SET_NAMES, XML_SCHEMAS, type RuleSetName } from '../../formats/validation/rule-sets';
import type { DocumentEngine, EngineRunOptions } from '../documents/document-pipeline';
import { DomainError } from '../shared/errors';

/** Where the validator finds the official artefacts, and where it keeps their compiled rules. */
export interface EinvoiceValidatorOptions {
  /** EINVOICE_ARTEFACTS_DIR: absent, validation answers 503 naming it. */
  artefactsDir?: string;
  /** A folder of the service's own (in DATA_DIR) for the compiled rules. */
  cacheDir: string;
  log?: { info(message: string): void; warn(message: string): void };
}

type Preparation =
  | { state: 'compiling' }
  | { state: 'ready'; compiled: Partial<Record<RuleSetName, string>> }
  | { state: 'failed'; why: string }
  | { state: 'missing'; why: string };

const SETTING_HINT = 'set EINVOICE_ARTEFACTS_DIR to a folder of the official artefacts (`npm run fetch:artefacts` fills one)';

/**
 * Validates received e-invoices by the official artefacts (`POST /silo/v1/formats/validate`). The artefacts are
 * published data the service does not ship: without them validation answers 503 naming the setting, and nothing
 * else of the service needs them. Their Schematron rules are compiled once (seconds each, in child processes) when
 * the service starts, and kept; until they are ready, validation answers 503 saying so. Each validation runs in
 * the engine's threads, queued fairly with every other document job and under its time and memory budget.
 */
export class EinvoiceValidator {
  private preparation?: Preparation;
  private prepared?: Promise<void>;

  constructor(
    private readonly engine: Pick<DocumentEngine, 'validateEinvoice'>,
    private readonly options: EinvoiceValidatorOptions,
  ) {}

  /** Starts compiling the rule sets found in the artefacts folder; resolves once they are ready (or failed). */
  prepare(): Promise<void> {
    const { artefactsDir, cacheDir, log } = this.options;
    if (!artefactsDir) return Promise.resolve();
    if (this.prepared) return this.prepared;
    // The XML Schemas are looked for once, here, not on every request.
    const missing = Object.values(XML_SCHEMAS)
      .map((schema) => path.join(schema.folder, schema.invoice))
      .find((file) => !existsSync(path.join(artefactsDir, file)));
    if (missing) {
      this.preparation = { state: 'missing', why: `EINVOICE_ARTEFACTS_DIR has no ${missing}: ${SETTING_HINT}` };
      this.prepared = Promise.resolve();
      return this.prepared;
    }
    this.preparation = { state: 'compiling' };
    const present = RULE_SET_NAMES.filter((name) => existsSync(path.join(artefactsDir, RULE_SETS[name].schematron)));
    const started = Date.now();
    // One rule set at a time: each compilation takes most of a core and a few hundred megabytes for seconds.
    const compileAll = async () => {
      const compiled: Partial<Record<RuleSetName, string>> = {};
      for (const name of present) compiled[name] = await compiledRules(path.join(artefactsDir, RULE_SETS[name].schematron), cacheDir);
      return compiled;
    };
    this.prepared = compileAll().then(
      (compiled) => {
        this.preparation = { state: 'ready', compiled };
        log?.info(`e-invoice rules ready (${present.join(', ')}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      },
      (error: Error) => {
        this.preparation = { state: 'failed', why: error.message };
        log?.warn(`e-invoice rules could not be compiled: ${error.message}`);
      },
    );
    return this.prepared;
  }

  /**
   * The report of a received e-invoice that is being stored, when the artefacts are configured and their rules
   * ready; undefined otherwise, since storing it never waits for them.
   */
  async validateIfReady(workspaceId: string, xml: string, options: EngineRunOptions = {}): Promise<ValidationReport | undefined> {
    if (this.preparation?.state !== 'ready') return undefined;
    try {
      return await this.validate(workspaceId, xml, options);
    } catch (error) {
      if (error instanceof DomainError && error.key === 'unavailable') return undefined;
      throw error;
    }
  }

  /**
   * The report of the XML e-invoice `xml` (UBL or CII, of any CIUS), or of the one a Factur-X PDF's bytes carry: its
   * XML Schema, then the rule sets that judge it.
   */
  async validate(workspaceId: string, xml: string | Uint8Array, options: EngineRunOptions = {}): Promise<ValidationReport> {
    const { artefactsDir } = this.options;
    if (!artefactsDir) throw new DomainError('unavailable', `e-invoice validation needs the official artefacts: ${SETTING_HINT}`);
    void this.prepare();
    const preparation = this.preparation!;
    if (preparation.state === 'missing') throw new DomainError('unavailable', preparation.why);
    if (preparation.state === 'compiling')
      throw new DomainError('unavailable', 'the e-invoice rules are being compiled (once, when the service starts): try again in a minute');
    if (preparation.state === 'failed')
      throw new DomainError('unavailable', `the e-invoice rules could not be compiled: ${preparation.why}`);
    const artefacts = { dir: artefactsDir, compiled: preparation.compiled };
    return this.engine.validateEinvoice({ workspaceId, artefacts, ...(typeof xml === 'string' ? { xml } : { pdf: xml }) }, options);
  }
}
