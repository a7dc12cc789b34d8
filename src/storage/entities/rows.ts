import { EntryIdColumn, WorkspaceIdColumn } from './columns';

/** A row of one workspace: `workspace_id` leads its table's primary key. */
export abstract class WorkspaceRow {
  @WorkspaceIdColumn()
  workspaceId: string;
}

/** A row about one entry: its table's primary key begins with the workspace and the entry (`entry_id`). */
export abstract class EntryRow extends WorkspaceRow {
  @EntryIdColumn({ primary: true })
  entryId: string;
}
