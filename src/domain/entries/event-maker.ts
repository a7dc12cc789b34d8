import type { Attachment, Entry, Meta } from './model/entry';
import type { EntryState } from './model/entry-history';
import type { EventsOf, EventType, NewEvent } from './model/entry-event';
import { entrySummaryJson, fileSummaryJson } from './model/entry-summary';

/** Makes the events of one request's changes: each has its own id and the request's moment. */
export class EventMaker {
  constructor(
    private readonly newId: () => string,
    private readonly clock: () => Date,
    /**
     * Told after a write with events has committed, with the events it wrote: whoever waits for the workspace's
     * feed reads it at once, and they are counted.
     */
    private readonly onWritten: (workspaceId: string, events: readonly NewEvent[]) => Promise<void> | void = () => undefined,
  ) {}

  /** What each EventsOf handed out made when storage called it, until its write is reported. */
  private readonly made = new WeakMap<EventsOf, readonly NewEvent[]>();

  /**
   * The write made with `eventsOf` has committed. Resolves once its events have their places in the feed, so
   * that a client that reads the feed after the write's answer finds them there.
   */
  async written(workspaceId: string, eventsOf: EventsOf | undefined): Promise<void> {
    const events = (eventsOf && this.made.get(eventsOf)) ?? [];
    if (eventsOf) this.made.delete(eventsOf);
    if (events.length > 0) await this.onWritten(workspaceId, events);
  }

  /** `make`, remembered for `written` (a transaction run again remembers its last run). */
  private tracked(make: EventsOf): EventsOf {
    const eventsOf: EventsOf = (entry) => {
      const events = make(entry);
      this.made.set(eventsOf, events);
      return events;
    };
    return eventsOf;
  }

  private make(type: EventType, entry: Entry, extra: Record<string, unknown> = {}, at = this.clock()): NewEvent {
    return {
      id: this.newId(),
      type,
      workspaceId: entry.workspaceId,
      entryId: entry.id,
      createdAt: at,
      data: { ...entrySummaryJson(entry), ...extra },
    };
  }

  created(): EventsOf {
    return this.tracked((entry) => [this.make('entry.created', entry)]);
  }

  /**
   * The events of an update, in the order of EVENT_TYPES: new content (`entry.updated`), a folder
   * (`entry.moved`), a signature (`entry.signed`). A signature alone changes the envelope but not the document:
   * it is told as `entry.signed` only.
   */
  updated(before: Entry): EventsOf {
    return this.tracked((after) => {
      const at = this.clock();
      const events: NewEvent[] = [];
      const newVersion = after.version !== before.version;
      const signedNow = after.signed && !before.signed;
      const documentChanged = after.digest.val !== before.digest.val || after.digest.alg !== before.digest.alg;
      if (newVersion && (documentChanged || !signedNow)) events.push(this.make('entry.updated', after, {}, at));
      if (after.folder !== before.folder) events.push(this.make('entry.moved', after, { previous_folder: before.folder }, at));
      if (newVersion && signedNow) events.push(this.make('entry.signed', after, {}, at));
      return events;
    });
  }

  stateAdded(state: EntryState): EventsOf {
    return this.tracked((entry) => [
      this.make('entry.state_added', entry, { added_state: { key: state.key, at: state.at.toISOString() } }),
    ]);
  }

  /** `file` is read when the event is made: the file as its write settled it. */
  fileAdded(file: () => Attachment | undefined): EventsOf {
    return this.tracked((entry) => {
      const written = file();
      return written ? [this.make('entry.file_added', entry, { file: fileSummaryJson(written) })] : [];
    });
  }

  /** A meta row upserted or deleted: its source and key only, never its value (a `secure` one's least of all). */
  metaChanged(meta: Meta, change: 'upserted' | 'deleted'): EventsOf {
    return this.tracked((entry) => [this.make('entry.meta_changed', entry, { meta_row: { src: meta.src, key: meta.key, change } })]);
  }

  /** A job over the entry ended: `job.completed` or `job.failed`, with the job's id, workflow, status and faults. */
  jobEnded(job: { id: string; workflowId: string; status: 'completed' | 'failed'; faults: readonly object[] }): EventsOf {
    const type = job.status === 'completed' ? 'job.completed' : 'job.failed';
    const summary = { id: job.id, workflow_id: job.workflowId, status: job.status, faults: job.faults.length > 0 ? job.faults : undefined };
    return this.tracked((entry) => [this.make(type, entry, { job: summary })]);
  }
}
