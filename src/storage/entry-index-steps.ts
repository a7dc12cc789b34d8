import type { Entry } from '../domain/entry';
import { entryRefSteps } from './entry-refs.repository';
import type { Step } from './sql-transaction';

/**
 * The statements that bring whatever is indexed from an entry up to date with it, run in the transaction that
 * writes the entry's new row (EntryHistoryRepository.update): whatever reads an index then never disagrees with
 * the committed entry. Indexes of entries (search rows, references) add their statements here.
 */
export function entryIndexSteps(entry: Entry): Step[] {
  return [...entryRefSteps(entry)];
}
