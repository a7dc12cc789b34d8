import type { Series, SeriesEntry } from './series';

/** The link of an entry in its series' chain, as the store hands it to be signed inside the transaction that takes it. */
export interface ChainLink {
  seriesId: string;
  id: string;
  index: number;
  code: string;
  createdAt: Date;
  previousId?: string;
  /** The service's signature of the previous entry; undefined for the first. */
  previousSig?: string;
}

/** What taking the next entry of a series came to. */
export type TakeResult =
  | { taken: SeriesEntry }
  /** The id was already taken, in this series or another: nothing new was written. */
  | { existing: SeriesEntry }
  | { missing: 'series' }
  /** The series' next index would pass MAX_INDEX. */
  | { exhausted: true };

/** What the domain needs from storage for series of codes. */
export interface SequenceStore {
  /**
   * Inserts the series, unless one of that id exists (answered as it is) or the workspace has `limit` already
   * (undefined).
   */
  createSeries(series: Series, limit: number): Promise<{ series: Series; created: boolean } | undefined>;
  /** Writes a series' name, code, description and, while it has no entry, its numbering; undefined if it is gone. */
  updateSeries(series: Series, numberingToo: boolean): Promise<Series | undefined>;
  listSeries(workspaceId: string): Promise<Series[]>;
  findSeries(workspaceId: string, id: string): Promise<Series | undefined>;

  /**
   * Takes the series' next index for the entry `id` and writes the entry, in one transaction: the series' last index
   * and the entry rise together, or neither does. The code is the series' numbering of the index (codeOf). `sign` makes the entry's signatures from its link (with the previous
   * entry's signature), inside that transaction. An id already taken answers its entry and writes nothing.
   */
  takeNext(
    workspaceId: string,
    seriesId: string,
    entry: { id: string; meta: Record<string, string>; at: Date },
    sign: (link: ChainLink) => string[],
    maxIndex: number,
  ): Promise<TakeResult>;
  findEntry(workspaceId: string, seriesId: string, id: string): Promise<SeriesEntry | undefined>;
  /** Entries by index: at most `limit`, from index `fromIndex` up (`ascending`) or down. */
  entries(
    workspaceId: string,
    seriesId: string,
    options: { fromIndex?: number; limit: number; ascending: boolean },
  ): Promise<SeriesEntry[]>;
}
