/**
 * What storage reports when a write it was asked for cannot be made: thrown by the stores (src/storage/), caught
 * by the domain, which turns each into the contract's error (store-refusals.ts). Storage knows no DomainError:
 * these say what happened in its terms, the domain says what the client is told.
 */

/** The limits storage checks inside a write's transaction (so that writes at once cannot both slip under one). */
export type StoreLimit = 'metaRows' | 'searchTerms' | 'parts';

/**
 * A write would take its entry past a limit: `reached` is what the entry would have (rows, terms or bytes), `limit`
 * the most it may. Nothing of the write was stored.
 */
export class LimitBreach extends Error {
  constructor(
    readonly limit: StoreLimit,
    readonly reached: number,
    readonly max: number,
  ) {
    super(`${limit}: ${reached} past ${max}`);
    this.name = 'LimitBreach';
  }
}

/** The entry a write is for is not stored (or no longer). */
export class EntryMissing extends Error {
  constructor() {
    super('entry missing');
    this.name = 'EntryMissing';
  }
}

/** Two writes of one row met at the same time; the one refused may be tried again. */
export class WriteConflict extends Error {
  constructor(readonly what: 'file') {
    super(`${what} written twice at once`);
    this.name = 'WriteConflict';
  }
}

/** A search was stopped at its time limit: it matches too many entries to rank in time. */
export class SearchTooBroad extends Error {
  constructor() {
    super('search stopped at its time limit');
    this.name = 'SearchTooBroad';
  }
}
