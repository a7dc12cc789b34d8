import { workerData } from 'piscina';
import type { Entry } from '../domain/entries/model/entry';
import { entryRecordOf } from '../domain/entries/entry-record';
import { sampleSeries } from '../domain/transfer/sample-entries';
import { newEntryRows, type NewEntryRows } from '../storage/new-entry-rows';

/** What each thread of the sample seed starts with: the series it makes entries of. */
export interface SampleSeedWorkerData {
  /** The entries the series copies, made by the engine once, in the thread that writes. */
  templates: Entry[];
  count: number;
  /** The newest entry's time, the same in every thread (milliseconds since the epoch). */
  newestMs: number;
}

/** A task: the entries of positions `from` to `to` (excluded) of the series, oldest first. */
export interface SampleSeedTask {
  from: number;
  to: number;
}

const data = workerData as SampleSeedWorkerData;
const series = sampleSeries(data.templates, data.count, { newest: new Date(data.newestMs) });

/** The rows of a batch of the series (copied, hashed, packed, their search terms): all of storing it but the statements. */
export default function makeSampleRows({ from, to }: SampleSeedTask): NewEntryRows {
  const records = [];
  for (let i = from; i < to; i++) records.push(entryRecordOf(series.entry(i)));
  return newEntryRows(records);
}
