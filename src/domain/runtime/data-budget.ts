import { DomainError } from '../shared/errors';

/** Bytes of stored `data`, files and meta rows one request may read, by default (PAGE_DATA_BUDGET). */
export const DEFAULT_PAGE_DATA_BUDGET = 16 * 1024 ** 2;

/**
 * What one request may show of entries' `data`, counted in stored bytes before anything is read or parsed:
 * a parsed envelope takes several times its text, so pages of large documents, or the same entries under
 * many aliases, could otherwise hold gigabytes. One budget per request, shared by every field that shows
 * data; each place an entry's data is shown pays for it, as each is written in the answer. Entries' files and
 * meta rows are paid for from the same budget (payParts).
 */
export class DataBudget {
  private spent = 0;
  /** The entries (as listed or fetched for one field) whose data is paid for. */
  private readonly paid = new WeakSet<object>();

  constructor(readonly limit: number) {}

  /**
   * Pays for showing an entry's data if its bytes fit in what is left. The first entry a request shows is
   * always paid for, whatever its size, so that a list can go on past an entry larger than the whole budget.
   */
  pay(entry: object, bytes: number): boolean {
    if (this.paid.has(entry)) return true;
    if (this.spent > 0 && this.spent + bytes > this.limit) return false;
    this.spent += bytes;
    this.paid.add(entry);
    return true;
  }

  /**
   * Pays for showing an entry's files or meta rows (their JSON bytes, see EntryPartSizes) only if they fit in
   * what is left, first or not: nothing bounded them when rows were stored before their caps, so an entry's
   * parts may be far larger than any answer should be. Every place they are shown pays again.
   */
  payParts(bytes: number): boolean {
    if (this.spent + bytes > this.limit) return false;
    this.spent += bytes;
    return true;
  }

  isPaid(entry: object): boolean {
    return this.paid.has(entry);
  }
}

/** The error of a single entry whose data is over what is left of the request's budget. */
export const dataBudgetSpent = (budget: DataBudget) =>
  new DomainError(
    'payload-too-large',
    `this request has shown all the data it may (${budget.limit} bytes); read this entry's data in another request`,
  );

/** The error of an entry whose files or meta rows are over what is left of the request's budget. */
export const partsBudgetSpent = (budget: DataBudget, part: 'attachments' | 'meta' | 'attachments and meta') =>
  new DomainError(
    'payload-too-large',
    `this entry's ${part} are more than this request may still show (${budget.limit} bytes in all); ` +
      'read them in another request, through its files and meta routes',
  );
