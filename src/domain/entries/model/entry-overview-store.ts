/** The filters of a count: those of the list (entry-cursor.ts's ListFilters), without paging or related lists. */
export interface CountFilters {
  folder?: string;
  state?: string;
  createdAt?: Date;
  /** Oldest first: `createdAt` is then a lower bound. */
  ascending?: boolean;
}

/** A count that stops: `count` entries, and `more` when there are more than that (or more were not looked at). */
export interface BoundedCount {
  count: number;
  more: boolean;
}

/** What the overview reads from storage; each read walks an index and is bounded whatever the workspace holds. */
export interface EntryOverviewStore {
  /** The distinct folders of the workspace's entries, in name order, at most `max`. */
  foldersInUse(workspaceId: string, max: number): Promise<string[]>;
  /** The entries that pass the filters, counted up to `upTo` (more: true past it), reading at most `scanLimit` rows. */
  countEntries(workspaceId: string, filters: CountFilters, upTo: number, scanLimit: number): Promise<BoundedCount>;
}
