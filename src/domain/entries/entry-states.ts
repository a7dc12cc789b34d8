import { API_SOURCE, type ChangeSource, type EntryState } from './model/entry-history';
import type { EntryHistoryStore } from './model/entry-history-store';
import type { EntryStore } from './model/entry-store';
import { DomainError, badInput, notFound } from '../shared/errors';
import { checkEntryId } from './update-entry';
import type { EventMaker } from './event-maker';
import { parseStateInput } from './model/entry-state';

/** A state's input and the state keys belong to the entries' model (`model/entry-state.ts`); also exported here, where they were read before. */
export { STATE_KEYS, parseStateInput, type StateInput } from './model/entry-state';

/** RFC 3339 with milliseconds, in UTC or with an offset: the `{at}` of PUT .../states/{at}. */
const AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;
/** How many later milliseconds a new state tries when its moment is taken by another of the entry's states. */
const AT_TRIES = 50;

/** The states of entries: each a step of its workflow; the newest one is the entry's `state`. */
export class EntryStates {
  constructor(
    private readonly store: EntryStore,
    private readonly history: EntryHistoryStore,
    private readonly clock: () => Date,
    private readonly newId: () => string,
    private readonly events?: EventMaker,
  ) {}

  /**
   * Adds a state to an entry. Without `at` (POST) it holds from now (a millisecond later when another state
   * holds that moment already); with `at` (PUT) from that moment, replacing a state there.
   */
  async putState(
    workspaceId: string,
    rawEntryId: string,
    body: unknown,
    options: { at?: string; source?: ChangeSource } = {},
  ): Promise<EntryState> {
    const entryId = checkEntryId(rawEntryId);
    const at = options.at === undefined ? undefined : parseAt(options.at);
    const input = parseStateInput(body);
    const now = this.clock();
    const state: EntryState = { id: this.newId(), entryId, ...input, ...(options.source ?? API_SOURCE), at: at ?? now, createdAt: now };
    for (let tries = 0; ; tries++) {
      const events = this.events?.stateAdded(state);
      const outcome = await this.history.putState(workspaceId, state, { replace: at !== undefined, events });
      if (outcome === 'missing') throw notFound('entry');
      if (outcome === 'done') {
        await this.events?.written(workspaceId, events);
        return state;
      }
      if (tries >= AT_TRIES) throw new DomainError('conflict', 'too many states at this moment; try again');
      state.at = new Date(state.at.getTime() + 1);
    }
  }

  /** An entry's states, newest first. */
  async listStates(workspaceId: string, rawEntryId: string): Promise<EntryState[]> {
    const entryId = checkEntryId(rawEntryId);
    if (!(await this.store.findById(workspaceId, entryId, { withData: false }))) throw notFound('entry');
    return this.history.listStates(workspaceId, entryId);
  }

  /** The states of entries the caller has already read (a page), each list newest first. */
  statesOf(workspaceId: string, entryIds: string[]): Promise<Map<string, EntryState[]>> {
    return this.history.statesOf(workspaceId, entryIds);
  }
}

function parseAt(text: string): Date {
  const at = AT_PATTERN.test(text) ? new Date(text) : undefined;
  if (!at || Number.isNaN(at.getTime()))
    throw badInput('at: must be an RFC 3339 timestamp with milliseconds', { at: 'must be an RFC 3339 timestamp' });
  return at;
}
