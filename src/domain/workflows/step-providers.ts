import { v5 as uuidv5 } from 'uuid';
import type { EntryService } from '../entries/entries.service';
import { entryPdfFileId, type EntryPdfFiles } from '../files/entry-pdf-file';
import { entryFormatFileId, type EntryFormats } from '../formats/entry-formats';
import type { EinvoiceImports } from '../formats/einvoice-imports';
import type { EinvoiceValidator } from '../formats/einvoice-validator';
import type { OutputFormat } from '../../formats';
import type { SequencesService } from '../sequences/sequences.service';
import type { WebhookSender } from '../webhooks/webhook-sender.port';
import { DomainError } from '../shared/errors';
import type { Job } from './job';
import { CII_DOC_TYPES, CONDITION, UBL_DOC_TYPES } from './provider-configs';
import type { Step, StepStatus } from './workflow';

/** What a step came to: its status and code (what `next` branches on), a message, and files it attached. */
export interface StepOutcome {
  status: StepStatus;
  code?: string;
  message?: string;
  paths?: string[];
  attachments?: string[];
  /** The entry the step made, which the job works on from then on (`ubl.import`, `cii.import`). */
  entryId?: string;
}

/** What a provider is given: the job, its step, and an id of the step's own (the same every time it is tried). */
export interface StepRun {
  job: Job;
  step: Step;
  /** A UUID made from the job and the step: what a step's effect is keyed by, so that a step tried again does it once. */
  effectId: string;
  /** When the step was first started: a state it sets is set at this moment, so a second try replaces, never adds. */
  startedAt: Date;
  /**
   * The step's intent, the same on every try of this run of the step: the versions and states of the entry it makes
   * name it as their `src_id`.
   */
  intentId: string;
  signal: AbortSignal;
}

export type StepProvider = (run: StepRun) => Promise<StepOutcome>;

/** The services the built-in providers work through: the same as the APIs', with their rules and bounds. */
export interface ProviderServices {
  entries: Pick<EntryService, 'getEntry' | 'updateEntry' | 'changedBy' | 'putState' | 'storedEnvelope'>;
  pdfFiles: Pick<EntryPdfFiles, 'attach'>;
  formats: Pick<EntryFormats, 'attach' | 'write'>;
  /** The official rules, when EINVOICE_ARTEFACTS_DIR is set: what `validate_ubl` and `validate_cii` judge with. */
  einvoices: Pick<EinvoiceValidator, 'validate'>;
  sequences: Pick<SequencesService, 'putSeries' | 'putEntry'>;
  startJob: (workspaceId: string, id: string, body: Record<string, unknown>) => Promise<Job>;
  imports: Pick<EinvoiceImports, 'importXml'>;
  /** The webhooks' sender: its address policy (no private address unless allowed) and Standard Webhooks signature. */
  webhooks: WebhookSender;
}

/** A `webhook.send` that met no answer, or a 5xx or 429: a passing failure, tried again after a pause. */
class PassingFailure extends Error {}

/** The namespace of effect ids: a fixed UUID of this service's own. */
const EFFECTS = '8f6b3c52-1d7e-4e0a-9b8a-4a5c2d7e9f10';
export const effectIdOf = (job: Pick<Job, 'id'>, step: Pick<Step, 'id'>, what = '') => uuidv5(`${job.id}/${step.id}/${what}`, EFFECTS);

/** What the entry's versions and states a step makes say made them. */
const sourceOf = (run: StepRun) => ({ src: 'transform', srcId: run.intentId });

const ok = (code?: string, extra: Partial<StepOutcome> = {}): StepOutcome => ({ status: 'OK', code, ...extra });
const config = (run: StepRun) => run.step.config;

function entryIdOf(run: StepRun): string {
  if (!run.job.siloEntryId) throw new DomainError('validation', 'the job has no entry to work on');
  return run.job.siloEntryId;
}

/** The entry's current envelope, parsed. */
async function envelopeOf(services: ProviderServices, run: StepRun): Promise<{ doc?: Record<string, unknown> } & Record<string, unknown>> {
  const { envelopeJson } = await services.entries.storedEnvelope(run.job.workspaceId, entryIdOf(run));
  return JSON.parse(envelopeJson) as { doc?: Record<string, unknown> };
}

/** A `data:` URI's bytes (base64 or percent-encoded), or undefined for any other text. */
function dataUriBytes(text: string): Buffer | undefined {
  const match = /^data:([^,]*?)(;base64)?,(.*)$/s.exec(text);
  if (!match) return undefined;
  return match[2] ? Buffer.from(match[3], 'base64') : Buffer.from(decodeURIComponent(match[3]), 'utf8');
}

/**
 * A received UBL or CII made the job's entry: the XML from the job's argument `config.arg` (or its first argument
 * holding a `data:` URI), as the hosted API passes files in a job's args. The entry is keyed by the step, so a second
 * try finds the one the first made.
 */
async function importReceived(services: ProviderServices, run: StepRun, syntax: 'UBL' | 'CII'): Promise<StepOutcome> {
  const c = config(run) as { arg?: string; folder?: string; allow_invalid?: boolean };
  const values = c.arg ? [run.job.args[c.arg]] : Object.values(run.job.args);
  const bytes = values.map((value) => (value === undefined ? undefined : dataUriBytes(value))).find((found) => found !== undefined);
  if (!bytes)
    return { status: 'KO', code: 'no-document', message: `no ${c.arg ? `argument ${c.arg}` : 'argument'} holds a data: URI of the XML` };
  const entry = await services.imports.importXml(run.job.workspaceId, bytes.toString('utf8'), {
    key: `transform-import:${run.effectId}`,
    folder: c.folder,
    allowInvalid: c.allow_invalid,
    signal: run.signal,
  });
  return ok(syntax, { entryId: entry.id });
}

/** The meta a step's file carries: which job and step attached it, so a second try of the step finds it done. */
const madeBy = (run: StepRun) => ({ job_id: run.job.id, job_step: run.effectId });

/** The entry's file `fileId` when this very step attached it (a try cut off after its attach): its id, else undefined. */
async function attachedBefore(services: ProviderServices, run: StepRun, fileId: string): Promise<string | undefined> {
  const entry = await services.entries.getEntry(run.job.workspaceId, entryIdOf(run), { withData: false, withParts: true });
  const file = entry.attachments.find((attachment) => attachment.id === fileId);
  const meta = typeof file?.meta === 'string' ? (JSON.parse(file.meta) as Record<string, unknown>) : file?.meta;
  return meta?.job_step === run.effectId ? file!.id : undefined;
}

/**
 * Writes the entry's invoice in `format` and attaches it; with `validated`, first judges what it wrote by the
 * official rules (XML Schema, EN 16931 and the CIUS's), a finding of an error being `KO` `invalid` naming the rules.
 * Without the artefacts (EINVOICE_ARTEFACTS_DIR) such a step fails as validation does, 503: tried again, then `KO`.
 */
async function generate(
  services: ProviderServices,
  run: StepRun,
  format: OutputFormat,
  validated: boolean,
  code: string,
): Promise<StepOutcome> {
  if (validated) {
    const written = await services.formats.write(run.job.workspaceId, entryIdOf(run), format, { signal: run.signal });
    // XML is judged as text; a Factur-X PDF as its bytes, the XML it carries.
    const document = written.mediaType === 'application/pdf' ? written.bytes : written.bytes.toString('utf8');
    const report = await services.einvoices.validate(run.job.workspaceId, document, { signal: run.signal });
    if (!report.valid) {
      const rules = [...new Set(report.errors.map((finding) => finding.rule))];
      return { status: 'KO', code: 'invalid', message: `the ${format} document breaks ${rules.join(', ')}` };
    }
  }
  const done = await attachedBefore(services, run, entryFormatFileId(entryIdOf(run), format));
  if (done) return ok(code, { attachments: [done] });
  const file = await services.formats.attach(run.job.workspaceId, entryIdOf(run), format, { signal: run.signal, meta: madeBy(run) });
  return ok(code, { attachments: [file.id] });
}

/** The value at a dotted path (`$schema`, `customer.tax_id.country`, `doc['$schema']`) of a JSON value. */
function valueAt(root: unknown, path: string): unknown {
  const parts = path
    .replace(/\[['"]?([^\]'"]+)['"]?\]/g, '.$1')
    .split('.')
    .filter(Boolean);
  let value = root;
  for (const part of parts) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

const compare: Record<string, (value: string, text: string) => boolean> = {
  '==': (value, text) => value === text,
  '!=': (value, text) => value !== text,
  endsWith: (value, text) => value.endsWith(text),
  startsWith: (value, text) => value.startsWith(text),
  contains: (value, text) => value.includes(text),
};

/** The built-in providers, by the names the hosted workflows use. */
export function stepProviders(services: ProviderServices): Record<string, StepProvider> {
  const { entries } = services;
  const update = (run: StepRun, body: Record<string, unknown>) =>
    entries.updateEntry(run.job.workspaceId, entryIdOf(run), body, { signal: run.signal, source: sourceOf(run) });
  return {
    'silo.state': async (run) => {
      const state = config(run).state as string;
      await entries.putState(
        run.job.workspaceId,
        entryIdOf(run),
        { key: state },
        { at: run.startedAt.toISOString(), source: sourceOf(run) },
      );
      return ok(state);
    },
    'silo.folder': async (run) => {
      await update(run, { folder: config(run).folder });
      return ok();
    },
    'silo.close': async (run) => {
      const entry = await entries.getEntry(run.job.workspaceId, entryIdOf(run), { withData: false, withParts: false });
      if (entry.signed) return ok('signed');
      await update(run, { sign: true });
      return ok('signed');
    },
    'silo.modify': async (run) => {
      const { merge_type: mergeType = 'application/merge-patch+json', data, sign, allow_invalid: allowInvalid } = config(run);
      // A patch applied twice is not always the patch applied once (a JSON Patch that adds to a list): a try after
      // a crash that finds the version the first try made stops there.
      if (await entries.changedBy(run.job.workspaceId, entryIdOf(run), run.intentId)) return ok();
      await update(run, { data, content_type: mergeType, sign, allow_invalid: allowInvalid });
      return ok();
    },
    'silo.if': async (run) => {
      const { expr, scope = 'doc' } = config(run) as { expr: string; scope?: string };
      const [, path, operator, double, single] = CONDITION.exec(expr)!;
      const envelope = await envelopeOf(services, run);
      const root = scope === 'env' ? envelope : envelope.doc;
      const value = valueAt(root, path);
      const holds = typeof value === 'string' && compare[operator](value, double ?? single);
      return { status: 'NA', code: String(holds) };
    },
    'sequence.enumerate': async (run) => {
      const c = config(run) as { series_id?: string; name?: string; prefix?: string; suffix?: string; padding?: number; start?: number };
      const doc = (await envelopeOf(services, run)).doc ?? {};
      if (typeof doc.code === 'string' && doc.code !== '')
        return { status: 'SKIP', code: 'has-code', message: `the document has its code ${doc.code}` };
      // One series per name and document series: invoices of series F and R are numbered apart.
      const docSeries = typeof doc.series === 'string' ? doc.series : '';
      const seriesId = c.series_id ?? uuidv5(`${run.job.workspaceId}/${c.name}/${docSeries}`, EFFECTS);
      await services.sequences.putSeries(run.job.workspaceId, seriesId, {
        name: [c.name, docSeries].filter(Boolean).join(' ') || undefined,
        prefix: c.prefix,
        suffix: c.suffix,
        padding: c.padding,
        start: c.start,
      });
      const numbered = await services.sequences.putEntry(run.job.workspaceId, seriesId, run.effectId, {
        meta: { job_id: run.job.id, entry_id: entryIdOf(run) },
      });
      await update(run, { data: { doc: { code: numbered.code } }, content_type: 'application/merge-patch+json' });
      return ok(numbered.code);
    },
    pdf: async (run) => {
      const done = await attachedBefore(services, run, entryPdfFileId(entryIdOf(run)));
      if (done) return ok(undefined, { attachments: [done] });
      const file = await services.pdfFiles.attach(run.job.workspaceId, entryIdOf(run), { signal: run.signal, meta: madeBy(run) });
      return ok(undefined, { attachments: [file.id] });
    },
    'ubl.generate': (run) =>
      generate(services, run, UBL_DOC_TYPES[(config(run).doc_type as string) ?? ''], config(run).validate_ubl === true, 'UBL'),
    'cii.generate': (run) => {
      const format = CII_DOC_TYPES[(config(run).doc_type as string) ?? ''];
      return generate(services, run, format, config(run).validate_cii === true, format === 'facturx' ? 'PDF' : 'CII');
    },
    'webhook.send': async (run) => {
      const { url, secret } = config(run) as { url: string; secret: string };
      const refusal = await services.webhooks.refusalOf(url);
      if (refusal) return { status: 'KO', code: 'refused', message: `url: ${refusal}` };
      const envelope = await envelopeOf(services, run);
      const body = JSON.stringify({
        id: run.effectId,
        type: 'transform.webhook',
        created_at: run.startedAt.toISOString(),
        job: { id: run.job.id, workflow_id: run.job.workflowId, step_id: run.step.id, args: run.job.args },
        entry_id: run.job.siloEntryId,
        data: envelope,
      });
      // The same webhook id on every try: a receiver that got it once can tell a second try apart.
      const outcome = await services.webhooks.send({ url, webhookId: run.effectId, body, secrets: [secret] }, run.signal);
      if (outcome.status === undefined || outcome.status >= 500 || outcome.status === 429)
        throw new PassingFailure(`${url} answered ${outcome.status ?? outcome.error ?? 'nothing'}`);
      if (outcome.status >= 300) return { status: 'KO', code: String(outcome.status), message: outcome.excerpt };
      return ok(String(outcome.status));
    },
    'ubl.import': (run) => importReceived(services, run, 'UBL'),
    'cii.import': (run) => importReceived(services, run, 'CII'),
    'transform.job.create': async (run) => {
      const started = await services.startJob(run.job.workspaceId, run.effectId, {
        workflow_id: config(run).workflow_id,
        silo_entry_id: run.job.siloEntryId,
        args: run.job.args,
      });
      return ok(started.id);
    },
  };
}
