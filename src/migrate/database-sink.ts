import type { EntryRestorer } from '../domain/entry-export';
import type { ExportLine, HeaderLine } from './export-lines';
import type { MigrationSink } from './migrate-workspace';
import { EntryFailure, type EntrySummary } from './remote-workspace';

/**
 * A migration written straight into this service's database: each entry goes through the import's restorer, checked
 * as an imported line is and written whole in its own transaction, as soon as it is read. Nothing is cut back on a
 * resume: an entry written before the process stopped is found present (same digest and version) and counted so.
 */
export class DatabaseSink implements MigrationSink {
  private readonly header: string;

  constructor(
    private readonly restorer: EntryRestorer,
    private readonly workspace: string,
    header: HeaderLine,
    /** The workspace's entries as stored, id and digest, oldest first: what the verification compares. */
    private readonly stored: () => AsyncIterable<EntrySummary>,
  ) {
    this.header = JSON.stringify(header);
  }

  async write(line: ExportLine): Promise<'written' | 'present'> {
    if (!('type' in line) || line.type !== 'entry') return 'written';
    // One entry is a whole export of its own: the header (the remote's `origin` keeps its version ids), it, the end.
    const lines = [this.header, JSON.stringify(line), JSON.stringify({ type: 'end', count: 1 })];
    const report = await this.restorer.restore(lines, this.workspace, { source: `entry ${line.id}`, onConflict: 'skip' });
    if (report.imported === 1) return 'written';
    if (report.present === 1) return 'present';
    // Refused or in conflict with an entry of the same id held here: reported as that entry's failure, the rest goes on.
    throw new EntryFailure(report.problems[0] ?? report.stopped ?? 'not written');
  }

  written(): AsyncIterable<EntrySummary> {
    return this.stored();
  }
}
