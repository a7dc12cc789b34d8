import type { DataBudget, ReadTurn } from '../runtime';
import type { Entry } from './model/entry';

/** One page of a list of entries, and what it was asked for. */
export interface EntryPage {
  entries: Entry[];
  limit: number;
  cursor?: string;
  nextCursor?: string;
  folder?: string;
  state?: string;
  createdAt?: Date;
  ascending?: boolean;
  /** A related list: the UUID and the context asked for; each listed entry has its `context`. */
  related?: string;
  context?: string;
}

/** How an entry is read: with its `data`, and with its files, meta rows and newest versions (see EntryService.withParts). */
export interface EntryReadOptions {
  withData: boolean;
  withParts?: boolean;
  /** The request's turn among heavy answers (ReadTurns), taken when its parts are heavy. */
  turn?: ReadTurn;
}

/** How a page is read: `data` weighed against a budget (GraphQL reads it per field), parts read with the page (REST). */
export interface PageOptions {
  dataBudget?: DataBudget;
  withParts?: boolean;
  /** The request's turn among heavy answers (ReadTurns), taken when the page's parts are heavy. */
  turn?: ReadTurn;
}
