import { envelopeOf, type Entry } from './model/entry';
import type { EntryRecord } from './model/entry-store';
import { referencesOf } from './model/references-of';
import { searchTermsOf } from '../search/search';

/**
 * The whole record of a new entry, for storage to write as it is: its references (those the create found, else
 * those of its envelope) and its search terms.
 */
export const entryRecordOf = (entry: Entry): EntryRecord => ({
  entry,
  refs: entry.refs ?? referencesOf(envelopeOf(entry)),
  searchTerms: searchTermsOf(entry),
});
