import type { Meta } from '../entries/model/entry';
import type { EventsOf } from '../entries/model/entry-event';

/** What the meta routes need from storage; every call is scoped to one workspace. */
export interface MetaStore {
  /** The row of `src` with that key; with `orShared`, failing it, a row of another source that is `shared`. */
  findMeta(workspaceId: string, entryId: string, src: string, key: string, options?: { orShared?: boolean }): Promise<Meta | undefined>;
  /** Rows of a key on any entry of the workspace, of `src` or shared by another source. */
  findMetaByRef(workspaceId: string, src: string, key: string, ref: string): Promise<Meta | undefined>;
  /**
   * Writes the row and the entry's search row in one transaction; a row past a limit (its count, the entry's
   * search terms, the weight of its parts) is refused with a LimitBreach, and nothing is written.
   */
  saveMeta(workspaceId: string, meta: Meta, events?: EventsOf): Promise<void>;
  /** Deletes the row and rewrites the entry's search row in one transaction. */
  deleteMeta(workspaceId: string, meta: Meta, events?: EventsOf): Promise<void>;
}
