/**
 * Series of codes: a workspace's numbering of its documents (`INV-00001`, `INV-00002`, …). Each entry of a series
 * takes the next index, with no gap and no repeat, and is signed together with the previous entry's signature, so
 * the chain of a series can be checked by anyone who holds the service's public keys.
 */

/** Series one workspace may keep: each is a row read whole on every list. */
export const MAX_SERIES_PER_WORKSPACE = 1_000;
/** Key/value pairs of one entry's meta, and the length of each key and value. */
export const MAX_ENTRY_META_KEYS = 32;
export const MAX_META_KEY_LENGTH = 64;
export const MAX_META_VALUE_LENGTH = 1_024;
/** Zeros a code may be padded to: a code's number has at most this many digits when padded. */
export const MAX_PADDING = 20;
/** The highest index a series may reach: integers above it are not exact in JSON numbers. */
export const MAX_INDEX = Number.MAX_SAFE_INTEGER;

export interface Series {
  workspaceId: string;
  id: string;
  name: string;
  code?: string;
  description?: string;
  prefix: string;
  suffix: string;
  padding: number;
  /** The index of the first entry. */
  start: number;
  /** The index of the last entry taken; undefined while the series has none. */
  lastIndex?: number;
  lastEntryId?: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface SeriesEntry {
  workspaceId: string;
  seriesId: string;
  id: string;
  index: number;
  /** The whole code: prefix, the padded index, suffix. */
  code: string;
  /** The entry before it in the series; undefined for the first. */
  previousId?: string;
  meta: Record<string, string>;
  /** The service's JWS over the entry's link in the chain (series-chain.ts) first, then one the client sent, if any. */
  sigs: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** What a series' numbering is made of: fixed once it has entries. */
export type Numbering = Pick<Series, 'prefix' | 'suffix' | 'padding' | 'start'>;

/** The code of `index` in a series: prefix, the index padded with zeros to `padding` digits, suffix. */
export const codeOf = (numbering: Numbering, index: number): string =>
  `${numbering.prefix}${String(index).padStart(numbering.padding, '0')}${numbering.suffix}`;

/** The index the next entry of a series takes. */
export const nextIndexOf = (series: Pick<Series, 'start' | 'lastIndex'>): number =>
  series.lastIndex === undefined ? series.start : series.lastIndex + 1;
