import { hash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Entry } from '../domain/entries/model/entry';
import {
  MAX_INDEXED_TERMS,
  MAX_SEARCH_RESULTS,
  type CheckedSearch,
  type SearchStore,
  type SearchTerm,
} from '../domain/entries/model/search-store';
import { SearchTooBroad } from '../domain/shared/store-errors';
import type { Step, Steps } from './sql-transaction';

/**
 * The search index: one row per entry in `entry_search` (its workspace, id, folder, time and terms), indexed
 * - on SQLite by FTS5 (`entry_search_fts`, kept in step by triggers);
 * - on MySQL and MariaDB by a table of its own, `entry_search_term`: a row per term of each entry, keyed by
 *   (term, rid), so the matches of a term are read newest first straight from the key and a search stops at
 *   the matches it ranks. (An InnoDB FULLTEXT index reads every match of every word before it can sort or
 *   stop: seconds for a word most of a million entries hold.)
 * Each stored term is the entry's workspace token followed by the term ("w3f9c0a1b2d" + "f0001"), so a query
 * only ever meets the terms of its own workspace, inside the index itself. The workspace column is also
 * compared exactly, so two workspaces sharing a token cannot mix.
 */
export const SEARCH_TABLE = 'entry_search';
export const SEARCH_FTS_TABLE = 'entry_search_fts';
export const SEARCH_TERM_TABLE = 'entry_search_term';

/** Runs one SQL statement: a TypeORM EntityManager or QueryRunner. */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/** An entry's search row as it is written: where it belongs, and the terms it is found by, as the domain gave them. */
export interface SearchRow extends Pick<Entry, 'workspaceId' | 'id' | 'folder' | 'createdAt'> {
  terms: readonly string[];
}

/** "w" and 10 hex digits of the workspace's SHA-256: letters and digits only, so no tokenizer splits it. */
export const workspaceToken = (workspaceId: string) => `w${hash('sha256', workspaceId, 'hex').slice(0, 10)}`;

/**
 * The term that says an entry is in a folder, so the folder filter is part of what the index matches: "0f" and
 * 16 hex digits of the folder's SHA-256 (a folder name may be 64 characters; the term stays short).
 */
const folderTerm = (folder: string) => `0f${hash('sha256', folder, 'hex').slice(0, 16)}`;

/**
 * The text stored for an entry's terms: each (the first MAX_INDEXED_TERMS), and its folder term, with its
 * workspace token, separated by spaces.
 */
export function termsText(row: SearchRow): string {
  const prefix = workspaceToken(row.workspaceId);
  return [...row.terms.slice(0, MAX_INDEXED_TERMS), folderTerm(row.folder)].map((term) => prefix + term).join(' ');
}

/**
 * The first 16 bytes of the terms text's SHA-256: what tells a rewrite whether an entry's terms changed where the
 * row no longer keeps their text (SQLite's contentless index, see the ContentlessSearch migration).
 */
export const termsDigest = (terms: string) => hash('sha256', terms, 'buffer').subarray(0, 16);

const COLUMNS = '(workspace_id, entry_id, folder, created_at, term_count, terms, terms_digest)';
const rowValues = (row: SearchRow) => {
  const terms = termsText(row);
  return [row.workspaceId, row.id, row.folder, row.createdAt.getTime(), terms.split(' ').length, terms, termsDigest(terms)] as const;
};
const TUPLE = '(?, ?, ?, ?, ?, ?, ?)';

/** Whether a stored row is found by these terms already: by its digest, or its text where it has no digest yet. */
const sameTerms = (old: TermSource, terms: string, digest: Buffer) =>
  old.terms_digest ? Buffer.from(old.terms_digest).equals(digest) : old.terms === terms;

/**
 * The statements that rewrite an entry's search row: delete it, insert it from `row`; on MySQL also its term
 * rows: the old ones deleted by key, from the terms the old row lists, and the new ones inserted with the new
 * row's rid from LAST_INSERT_ID() (the same connection runs every statement of a transaction), each in
 * statements of at most TERMS_PER_STATEMENT terms (an engine bounds the placeholders of one). When the terms are
 * those the row holds already, nothing is written. (A new entry's row is only inserted, by searchRowInserts.)
 */
export function* searchRowWrites(row: SearchRow, options: { mysql: boolean; locked?: TermSource[] }): Steps<void> {
  const values = rowValues(row);
  const where = 'WHERE workspace_id = ? AND entry_id = ?';
  // The old row: on MySQL as the caller's lock of it read it, or locked here; on SQLite the write transaction holds it.
  const [old]: TermSource[] = options.mysql
    ? (options.locked ?? (yield lockSearchRow(row.workspaceId, row.id)))
    : yield { sql: `SELECT rid, terms, terms_digest FROM ${SEARCH_TABLE} ${where}`, parameters: [row.workspaceId, row.id] };
  // Nothing the entry is found by changed (a plain meta row, say): its row, and its FTS or term rows, stay as they are.
  if (old && sameTerms(old, values[5], values[6])) return;
  if (options.mysql && old) {
    for (const terms of slices(old.terms.split(' '))) {
      yield {
        sql: `DELETE FROM ${SEARCH_TERM_TABLE} WHERE rid = ? AND term IN (${terms.map(() => '?').join(', ')})`,
        parameters: [old.rid, ...terms],
      };
    }
  }
  yield { sql: `DELETE FROM ${SEARCH_TABLE} ${where}`, parameters: [row.workspaceId, row.id] };
  yield { sql: `INSERT INTO ${SEARCH_TABLE} ${COLUMNS} VALUES ${TUPLE}`, parameters: [...values] };
  if (options.mysql) {
    const [{ rid }]: { rid: number | string }[] = yield { sql: 'SELECT LAST_INSERT_ID() AS rid', parameters: [] };
    for (const terms of slices(String(values[5]).split(' '))) {
      yield {
        sql: `INSERT INTO ${SEARCH_TERM_TABLE} (term, rid) VALUES ${terms.map(() => '(?, ?)').join(', ')}`,
        parameters: terms.flatMap((term) => [term, rid]),
      };
    }
  }
}

/** Term rows per statement of an entry's rewrite: a bounded number of placeholders, whatever the entry holds. */
const TERMS_PER_STATEMENT = 500;

function* slices<T>(items: T[]): Generator<T[]> {
  for (let start = 0; start < items.length; start += TERMS_PER_STATEMENT) yield items.slice(start, start + TERMS_PER_STATEMENT);
}

/** MySQL: locks an entry's search row (the statement answers its rid and terms, or nothing). */
export const lockSearchRow = (workspaceId: string, entryId: string): Step => ({
  sql: `SELECT rid, terms, terms_digest FROM ${SEARCH_TABLE} WHERE workspace_id = ? AND entry_id = ? FOR UPDATE`,
  parameters: [workspaceId, entryId],
});

const ROWS_PER_STATEMENT = 500;

/**
 * The statements that insert the search rows of new entries (one entry, or a batch of a bulk import), with
 * multi-row INSERTs. With `termRows` (MySQL) their term rows too, once the rows' rids are known (read back by
 * entry: a multi-row insert's rids need not be consecutive, as on a Galera cluster). Only inserts: on InnoDB,
 * deleting a row that is not there locks the gap where it would be, and concurrent creates that each hold such
 * a gap and insert into another's would deadlock.
 */
export function* searchRowInserts(rows: readonly SearchRow[], options: { termRows: boolean }): Steps<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const values = chunk.map(rowValues);
    yield { sql: `INSERT INTO ${SEARCH_TABLE} ${COLUMNS} VALUES ${chunk.map(() => TUPLE).join(', ')}`, parameters: values.flat() };
    if (!options.termRows) continue;
    const pairs: [string, number | string][] = [];
    for (const workspace of new Set(chunk.map((row) => row.workspaceId))) {
      const texts = new Map(values.filter((v) => v[0] === workspace).map((v) => [v[1] as string, v[5] as string]));
      const ids = [...texts.keys()];
      const rids: { rid: number | string; entry_id: string }[] = yield {
        sql: `SELECT rid, entry_id FROM ${SEARCH_TABLE} WHERE workspace_id = ? AND entry_id IN (${ids.map(() => '?').join(', ')})`,
        parameters: [workspace, ...ids],
      };
      for (const { rid, entry_id } of rids) for (const term of texts.get(entry_id)!.split(' ')) pairs.push([term, rid]);
    }
    yield* termRowInserts(pairs);
  }
}

function* termRowInserts(pairs: [string, number | string][]): Steps<void> {
  for (const chunk of slices(pairs)) {
    yield { sql: `INSERT INTO ${SEARCH_TERM_TABLE} (term, rid) VALUES ${chunk.map(() => '(?, ?)').join(', ')}`, parameters: chunk.flat() };
  }
}

/** The search rows of new entries, inside the caller's transaction (searchRowInserts run statement by statement). */
export async function insertSearchRows(runner: SqlRunner, rows: readonly SearchRow[], options: { termRows: boolean }): Promise<void> {
  const steps = searchRowInserts(rows, options);
  for (let next = steps.next(); !next.done;) next = steps.next(await runner.query(next.value.sql, next.value.parameters));
}

/** A search row's rid and its terms text, as the term rows are written from it (and the text's digest, where read). */
export interface TermSource {
  rid: number | string;
  terms: string;
  terms_digest?: Uint8Array | null;
}

/** The term rows of search rows already stored (MySQL), in multi-row INSERTs. */
export async function insertTermRows(runner: SqlRunner, rows: TermSource[]): Promise<void> {
  const steps = termRowInserts(rows.flatMap((row) => row.terms.split(' ').map((term): [string, number | string] => [term, row.rid])));
  for (let next = steps.next(); !next.done;) next = steps.next(await runner.query(next.value.sql, next.value.parameters));
}

/** Loads the entries of a page by id, in any order. */
export interface EntryLoader {
  findByIds(workspaceId: string, ids: string[]): Promise<Entry[]>;
}

/**
 * What a statement stopped at its time limit fails with: MariaDB's and MySQL's own errors (1969, 3024), a query
 * or sort interrupted (1317, 1028).
 */
const STOPPED_BY_TIME_LIMIT = new Set([1969, 3024, 1317, 1028]);

/** How far the matches of each word are counted to choose the driving word of a MySQL search. */
export const DRIVER_PROBE = 5000;

/**
 * Search through the index: the ids of one page, ranked, then the entries themselves in one query. Every term is
 * stored once per entry and every match has every word, so what tells matches apart is how much else the entry
 * holds: fewer terms rank first (the order bm25 gives such an index), then newer. Both databases rank alike,
 * from a stored count, with no statistics of the whole index (bm25 in FTS5 would read every match of each word
 * for them: a fifth of a second for a word most of a million entries have).
 */
export class SearchIndexRepository implements SearchStore {
  private readonly mysql: boolean;

  /** How this server bounds a statement's time: MariaDB's SET STATEMENT or MySQL's optimizer hint. */
  private bound?: Promise<'mariadb' | 'mysql'>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly entries: EntryLoader,
    private readonly options: { timeLimitMs?: number } = {},
  ) {
    this.mysql = dataSource.options.type === 'mysql';
  }

  async search(workspaceId: string, search: CheckedSearch): Promise<Entry[]> {
    const prefix = workspaceToken(workspaceId);
    const rows = this.mysql ? await this.searchMysql(workspaceId, prefix, search) : await this.searchSqlite(workspaceId, prefix, search);
    const ids = rows.map((row) => row.entry_id);
    const found = new Map((await this.entries.findByIds(workspaceId, ids)).map((entry) => [entry.id, entry]));
    return ids.map((id) => found.get(id)).filter((entry): entry is Entry => entry !== undefined);
  }

  /**
   * FTS5: every word a term of its own (implicit AND), quoted; a prefix with `*`; the folder's term when filtered.
   * First the oldest match that is ranked (see MAX_SEARCH_RESULTS), found by walking the matches newest first,
   * then the ranked page among the matches from it on (FTS5 takes the rowid bound into its walk).
   */
  private async searchSqlite(workspaceId: string, prefix: string, search: CheckedSearch): Promise<{ entry_id: string }[]> {
    const words = search.terms.map((term) => `"${prefix}${term.text}"${term.prefix ? '*' : ''}`);
    if (search.folder !== undefined) words.push(`"${prefix}${folderTerm(search.folder)}"`);
    const text = words.join(' ');
    const [edge] = (await this.dataSource.query(
      `SELECT rowid AS rid FROM ${SEARCH_FTS_TABLE} WHERE ${SEARCH_FTS_TABLE} MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ${MAX_SEARCH_RESULTS - 1}`,
      [text],
    )) as { rid: number }[];
    const exact = exactFilters(workspaceId, search);
    // CAST: a JavaScript number is bound as a REAL, and FTS5 takes only an INTEGER rowid bound into its walk; with
    // a REAL it read every match of the words (90 ms for a word a million entries hold, against 1 ms with the cast).
    return (await this.dataSource.query(
      `SELECT s.entry_id FROM ${SEARCH_FTS_TABLE} JOIN ${SEARCH_TABLE} s ON s.rid = ${SEARCH_FTS_TABLE}.rowid ` +
        `WHERE ${SEARCH_FTS_TABLE} MATCH ? AND ${SEARCH_FTS_TABLE}.rowid >= CAST(? AS INTEGER) AND ${exact.sql} ${RANKED}`,
      [text, edge?.rid ?? 0, ...exact.parameters, search.limit, search.offset],
    )) as { entry_id: string }[];
  }

  /**
   * The term table: the newest MAX_SEARCH_RESULTS entries that have every word, read newest first from the
   * matches of one word (the driving word), each checked for the other words; then the ranked page
   * among them. The driving word is the one with the fewest matches, counted up to DRIVER_PROBE (a word most
   * entries hold reaches that bound in a few milliseconds): a rare word bounds the walk by its own matches, and
   * when every word is common, most of the walk's entries match and it stops soon. The join order is fixed
   * (STRAIGHT_JOIN), so the server cannot choose to read a common word first.
   */
  private async searchMysql(workspaceId: string, prefix: string, search: CheckedSearch): Promise<{ entry_id: string }[]> {
    const words: SearchTerm[] = search.terms.map((term) => ({ text: prefix + term.text, prefix: term.prefix }));
    if (search.folder !== undefined) words.push({ text: prefix + folderTerm(search.folder), prefix: false });
    const [driver, ...others] = words.length === 1 ? words : await this.byMatches(words);
    const exact = exactFilters(workspaceId, search);
    // Another exact word: its key (term, rid), one lookup. Another prefix: the candidate's own list of terms, where
    // each term follows a space (or the start): the key cannot be searched by rid within a range of terms.
    const exactOthers = others.filter((word) => !word.prefix);
    const prefixOthers = others.filter((word) => word.prefix);
    const joins = exactOthers.map((_, i) => ` JOIN ${SEARCH_TERM_TABLE} o${i} ON o${i}.term = ? AND o${i}.rid = d.rid`).join('');
    const inner = prefixOthers.length > 0;
    // A prefix may begin several terms of one entry: DISTINCT counts the entry once.
    const candidates =
      `SELECT STRAIGHT_JOIN ${driver.prefix ? 'DISTINCT ' : ''}d.rid FROM ${SEARCH_TERM_TABLE} d${joins}` +
      (inner ? ` JOIN ${SEARCH_TABLE} s ON s.rid = d.rid` : '') +
      ` WHERE d.term ${driver.prefix ? 'LIKE' : '='} ?` +
      (inner ? ` AND ${exact.sql}` + prefixOthers.map(() => " AND CONCAT(' ', s.terms) LIKE ?").join('') : '') +
      ` ORDER BY d.rid DESC LIMIT ${MAX_SEARCH_RESULTS}`;
    const select = `SELECT s.entry_id FROM (${candidates}) m JOIN ${SEARCH_TABLE} s ON s.rid = m.rid WHERE ${exact.sql} ${RANKED}`;
    const parameters = [
      ...exactOthers.map((word) => word.text),
      driver.prefix ? `${driver.text}%` : driver.text,
      ...(inner ? [...exact.parameters, ...prefixOthers.map((word) => `% ${word.text}%`)] : []),
      ...exact.parameters,
      search.limit,
      search.offset,
    ];
    try {
      return (await this.dataSource.query(await this.bounded(select), parameters)) as { entry_id: string }[];
    } catch (error) {
      // Words that are each common but seldom together (or only common prefixes) can still make the walk long.
      // Past the time limit the statement is stopped, so that one tenant's search does not keep the database
      // busy for the others, and the client is told to narrow it.
      const errno = (error as { driverError?: { errno?: number } }).driverError?.errno;
      if (errno !== undefined && STOPPED_BY_TIME_LIMIT.has(errno)) {
        throw new SearchTooBroad();
      }
      throw error;
    }
  }

  /**
   * The words, the one whose walk is shortest first. A word with fewer than DRIVER_PROBE matches is counted, and
   * the fewest come first (an exact word before a prefix on a tie). A word past that bound is judged by how
   * densely it matches the newest entries, where the walk goes: the span of rids its newest DRIVER_PROBE matches
   * cover (read in the same walk of the key as the count), the widest first. Counting alone cannot tell such words apart (at
   * a million entries a customer's name, its folder and a word every entry holds all reach the bound), and
   * walking the common word first read every entry until a thousand matched. A prefix past the bound comes last:
   * its matches are not in rid order in the key, so its span cannot be read.
   */
  private async byMatches(words: SearchTerm[]): Promise<SearchTerm[]> {
    // Per word, its newest DRIVER_PROBE matches read once from the key: how many, and the span of their rids. A
    // prefix's matches are read in term order (rid order would sort them all), so its count alone is used.
    const probes = words.map(
      (word, i) =>
        `(SELECT COUNT(*) AS n, MAX(rid) AS top, MIN(rid) AS edge FROM (SELECT rid FROM ${SEARCH_TERM_TABLE} ` +
        `WHERE term ${word.prefix ? 'LIKE ? LIMIT' : '= ? ORDER BY rid DESC LIMIT'} ${DRIVER_PROBE}) m${i}) p${i}`,
    );
    const columns = words.map((_, i) => `p${i}.n AS n${i}, p${i}.top AS top${i}, p${i}.edge AS edge${i}`);
    const [row] = (await this.dataSource.query(
      await this.bounded(`SELECT ${columns.join(', ')} FROM ${probes.join(' CROSS JOIN ')}`),
      words.map((word) => (word.prefix ? `${word.text}%` : word.text)),
    )) as Record<string, number | string | null>[];
    return walkOrder(
      words.map((word, i) => ({
        word,
        count: Number(row[`n${i}`]),
        // Read only when the count reached the bound (walkOrder), when the word has matches.
        ...(word.prefix ? {} : { top: Number(row[`top${i}`]), edge: Number(row[`edge${i}`]) }),
      })),
      DRIVER_PROBE,
    );
  }

  /** The statement with its time limit, in the form this server understands. */
  private async bounded(select: string): Promise<string> {
    const limit = this.options.timeLimitMs;
    if (!limit) return select;
    this.bound ??= this.dataSource
      .query('SELECT VERSION() AS v')
      .then((rows: { v: string }[]) => (/mariadb/i.test(rows[0]?.v ?? '') ? 'mariadb' : 'mysql'));
    return (await this.bound) === 'mariadb'
      ? `SET STATEMENT max_statement_time = ${(limit / 1000).toFixed(3)} FOR ${select}`
      : select.replace(/^SELECT /, `SELECT /*+ MAX_EXECUTION_TIME(${limit}) */ `);
  }
}

/** What the probe read of one word: its matches counted up to the bound; the rids of its newest and its bound-th newest match. */
export interface WordProbe {
  word: SearchTerm;
  count: number;
  top?: number;
  edge?: number;
}

/** The words in the order the walk should try them (see SearchIndexRepository.byMatches). */
export function walkOrder(probes: WordProbe[], bound: number): SearchTerm[] {
  const key = ({ word, count, top, edge }: WordProbe): [number, number] => {
    if (count < bound) return [0, count + (word.prefix ? 0.5 : 0)];
    if (word.prefix || top === undefined || edge === undefined) return [2, 0];
    return [1, -(top - edge)];
  };
  const keyed = probes.map((probe) => ({ word: probe.word, key: key(probe) }));
  return keyed.sort((x, y) => x.key[0] - y.key[0] || x.key[1] - y.key[1]).map((k) => k.word);
}

/** The filters of a search, after the full-text match: exact workspace, and folder when given. */
function exactFilters(workspaceId: string, search: CheckedSearch): { sql: string; parameters: string[] } {
  return search.folder === undefined
    ? { sql: 's.workspace_id = ?', parameters: [workspaceId] }
    : { sql: 's.workspace_id = ? AND s.folder = ?', parameters: [workspaceId, search.folder] };
}

const RANKED = 'ORDER BY s.term_count, s.created_at DESC, s.entry_id DESC LIMIT ? OFFSET ?';
