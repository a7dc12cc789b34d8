import { LineRefusal } from '../domain/transfer/entry-export';
import { type EntryRestorer } from '../domain/transfer/entry-restorer';
import type { ExportLine } from './export-lines';
import type { CopySink } from './copy-workspace';
import { EntryFailure, type EntrySummary } from './remote-workspace';

/**
 * A copy written straight into this service's database: each entry goes through the import's restorer, checked
 * as an imported line is and written whole in its own transaction, as soon as it is read. Nothing is cut back on a
 * resume: an entry written before the process stopped is found present (same digest and version) and counted so.
 */
export class DatabaseSink implements CopySink {
  constructor(
    private readonly restorer: EntryRestorer,
    private readonly workspace: string,
    /** The workspace's entries as stored, id and digest, oldest first: what the verification compares. */
    private readonly stored: () => AsyncIterable<EntrySummary>,
  ) {}

  async write(line: ExportLine): Promise<'written' | 'present'> {
    if (!('type' in line) || line.type !== 'entry') return 'written';
    let written: Awaited<ReturnType<EntryRestorer['restoreEntry']>>;
    try {
      // A copy's envelopes are the remote's data written again: their version ids are those of these texts.
      written = await this.restorer.restoreEntry(line, this.workspace, { recomputeVersionIds: true });
    } catch (error) {
      if (error instanceof LineRefusal) throw new EntryFailure(error.message);
      throw error;
    }
    if (written.outcome === 'imported') return 'written';
    if (written.outcome === 'present') return 'present';
    // In conflict with an entry of the same id or key held here: reported as that entry's failure, the rest goes on.
    throw new EntryFailure(written.reason ?? written.outcome);
  }

  written(): AsyncIterable<EntrySummary> {
    return this.stored();
  }
}
