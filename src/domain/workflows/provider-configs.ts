import { FOLDER_PATTERN } from '../entries/model/folders';
import { STATE_KEYS } from '../entries/model/entry-state';
import { MAX_PADDING } from '../sequences/series';
import type { OutputFormat } from '../../formats';

/**
 * The built-in providers a step may name, each with the check of its `config` made when a workflow is saved: an
 * unknown provider, or a config it cannot run, is refused then, naming the step, never found out by a job.
 */
type Config = Record<string, unknown>;
type ConfigCheck = (config: Config) => string | undefined;

const isText = (value: unknown): value is string => typeof value === 'string';
const optionalText = (config: Config, name: string) =>
  config[name] === undefined || isText(config[name]) ? undefined : `${name} must be a string`;
const optionalFlag = (config: Config, name: string) =>
  config[name] === undefined || typeof config[name] === 'boolean' ? undefined : `${name} must be true or false`;
const firstProblem = (...problems: (string | undefined)[]) => problems.find((problem) => problem !== undefined);

/** `doc_type`s of `ubl.generate` and `cii.generate`, as the hosted workflows name them, and the format each writes. */
export const UBL_DOC_TYPES: Record<string, OutputFormat> = {
  '': 'ubl',
  'en16931-v2017': 'ubl',
  'bis-invoice-v3': 'peppol',
  'peppol-bis-v3': 'peppol',
  'xrechnung-invoice-v2': 'xrechnung-ubl',
  'xrechnung-invoice-v3': 'xrechnung-ubl',
  'xrechnung-v3': 'xrechnung-ubl',
};
export const CII_DOC_TYPES: Record<string, OutputFormat> = {
  '': 'cii',
  'en16931-v2017': 'cii',
  'xrechnung-v3': 'xrechnung-cii',
  'facturx-v1': 'facturx',
  'zugferd-v2': 'facturx',
};

const docType = (types: Record<string, OutputFormat>) => (config: Config) => {
  if (config.doc_type !== undefined && !isText(config.doc_type)) return 'doc_type must be a string';
  if (!((config.doc_type ?? '') in types))
    return `doc_type ${String(config.doc_type)} is not one this service writes: ${Object.keys(types).filter(Boolean).join(', ')}`;
  return firstProblem(optionalFlag(config, 'validate_ubl'), optionalFlag(config, 'validate_cii'), optionalFlag(config, 'private'));
};

/** `silo.if` conditions this service reads: `<path> <operator> <value>`, over the document or the envelope. */
export const CONDITION = /^\s*([$A-Za-z_][\w$.[\]'"-]*)\s+(==|!=|endsWith|startsWith|contains)\s+(?:"([^"]*)"|'([^']*)')\s*$/;

export const PROVIDER_CONFIGS: Record<string, ConfigCheck> = {
  'silo.state': (config) =>
    STATE_KEYS.includes(config.state as (typeof STATE_KEYS)[number]) ? undefined : `state must be one of ${STATE_KEYS.join(', ')}`,
  'silo.folder': (config) =>
    isText(config.folder) && FOLDER_PATTERN.test(config.folder) ? undefined : `folder must match ${FOLDER_PATTERN.source}`,
  'silo.close': () => undefined,
  'silo.modify': (config) => {
    const type = config.merge_type ?? 'application/merge-patch+json';
    if (type !== 'application/merge-patch+json' && type !== 'application/json-patch+json')
      return `merge_type ${String(type)} is not read here: application/merge-patch+json or application/json-patch+json`;
    if (config.jq !== undefined && config.jq !== '')
      return 'jq expressions are not run by this service: use a merge patch or a JSON patch in data';
    if (type === 'application/json-patch+json' ? !Array.isArray(config.data) : typeof config.data !== 'object' || config.data === null)
      return 'data must hold the patch (an object, or an array of JSON patch operations)';
    return firstProblem(optionalFlag(config, 'sign'), optionalFlag(config, 'allow_invalid'));
  },
  'silo.if': (config) =>
    isText(config.expr) && CONDITION.test(config.expr)
      ? config.scope === undefined || config.scope === 'doc' || config.scope === 'env'
        ? undefined
        : 'scope must be doc or env'
      : 'expr must be `<path> <==|!=|endsWith|startsWith|contains> "<text>"`',
  'sequence.enumerate': (config) => {
    if (config.series_id === undefined && !isText(config.name)) return 'name (or series_id) is required';
    if (
      config.padding !== undefined &&
      !(Number.isInteger(config.padding) && (config.padding as number) >= 0 && (config.padding as number) <= MAX_PADDING)
    )
      return `padding must be an integer from 0 to ${MAX_PADDING}`;
    if (config.start !== undefined && !(Number.isInteger(config.start) && (config.start as number) >= 0))
      return 'start must be a whole number';
    return firstProblem(optionalText(config, 'prefix'), optionalText(config, 'suffix'), optionalText(config, 'series_id'));
  },
  pdf: () => undefined,
  'ubl.generate': docType(UBL_DOC_TYPES),
  'cii.generate': docType(CII_DOC_TYPES),
  'webhook.send': (config) => {
    if (!isText(config.url) || !/^https?:\/\/[^\s]+$/.test(config.url) || config.url.length > 2048)
      return 'url must be an http(s) URL of at most 2048 characters';
    if (!isText(config.secret) || !/^whsec_[A-Za-z0-9+/]{24,}={0,2}$/.test(config.secret))
      return 'secret must be a Standard Webhooks secret (whsec_ and base64 of at least 18 bytes): the POST is signed with it';
    return undefined;
  },
  'ubl.import': (config) =>
    firstProblem(optionalText(config, 'arg'), optionalText(config, 'folder'), optionalFlag(config, 'allow_invalid')),
  'cii.import': (config) =>
    firstProblem(optionalText(config, 'arg'), optionalText(config, 'folder'), optionalFlag(config, 'allow_invalid')),
  'transform.job.create': (config) => (isText(config.workflow_id) && config.workflow_id !== '' ? undefined : 'workflow_id is required'),
};

export const PROVIDER_NAMES = Object.keys(PROVIDER_CONFIGS);

/** Providers that make the job's entry: a job of a workflow that starts with one needs none to begin with. */
export const ENTRY_MAKERS = ['ubl.import', 'cii.import'];
