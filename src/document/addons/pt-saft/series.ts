import type { Fault, JsonObject } from '../../base/types';
import { str } from '../../rules/values';
import { CodeMap } from '../../tax/extensions';
import { K } from './extensions';

const SERIES = /^[^ ]+ [^/^ ]+$/;
const NUMBER = /^[0-9]+$/;
const FULL_CODE = /^[^ ]+ [^/^ ]+\/[0-9]+$/;
const SOURCE_REF = /^([^ ]+)(?:M|D ([^ ]+)) [^/^ ]+\/[$0-9]+$/;

/** A series such as "FT SERIES-A", starting with the document type when there is one. */
export function seriesValid(series: string, docType: string): boolean {
  if (series === '') return true;
  if (docType !== '' && !series.startsWith(`${docType} `)) return false;
  return SERIES.test(series);
}

/** A number after a series; without one, a full code such as "FT SERIES-A/123". */
export function codeValid(code: string, series: string, docType: string): boolean {
  if (code === '') return true;
  if (series !== '') return NUMBER.test(code);
  if (docType !== '' && !code.startsWith(`${docType} `)) return false;
  return FULL_CODE.test(code);
}

/** The reference of a manual document names its own type (and, for a recovered one, the original's type too). */
export function sourceRefValid(docType: string, ext: CodeMap): boolean {
  if (ext[K.source] !== 'M') return true;
  const ref = ext[K.sourceRef] ?? '';
  if (ref === '' || docType === '') return true;
  const m = SOURCE_REF.exec(ref);
  if (!m) return false;
  return m[1] === docType && (m[2] === undefined || m[2] === docType);
}

export function seriesAndCodeFaults(
  doc: JsonObject,
  path: string,
  docType: string,
  f: (c: string, m: string, p: string) => Fault,
  codes: [string, string],
): Fault[] {
  const out: Fault[] = [];
  const series = str(doc, 'series');
  if (!seriesValid(series, docType)) out.push(f(codes[0], 'the series format is not valid', path));
  if (!codeValid(str(doc, 'code'), series, docType)) out.push(f(codes[1], 'the code format is not valid', path));
  return out;
}
