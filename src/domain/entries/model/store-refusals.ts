import { badInput, conflict, notFound } from '../../shared/errors';
import { partsTooHeavy, tooManyMetaRows, tooManySearchTerms } from './entry-limits';
import { EntryMissing, LimitBreach, SearchTooBroad, WriteConflict } from '../../shared/store-errors';

/** The contract's error for what a store reported (store-errors.ts); any other error as it is. */
export function domainErrorOf(error: unknown): unknown {
  if (error instanceof LimitBreach) {
    if (error.limit === 'metaRows') return tooManyMetaRows(error.max);
    if (error.limit === 'searchTerms') return tooManySearchTerms(error.reached, error.max);
    return partsTooHeavy(error.reached, error.max);
  }
  if (error instanceof EntryMissing) return notFound('entry');
  if (error instanceof WriteConflict) return conflict(`the ${error.what} was written by another request at the same time: try again`);
  if (error instanceof SearchTooBroad)
    return badInput('the search matches too many entries to rank in time: add words, or a folder', {
      q: 'matches too many entries; add words, or a folder',
    });
  return error;
}

/** For `.catch` on a store's promise: throws what the client is told. */
export const rethrowForClient = (error: unknown): never => {
  throw domainErrorOf(error);
};
