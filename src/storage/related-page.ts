import type { DataSource } from 'typeorm';
import { OWN_CONTEXT, REF_CONTEXTS } from '../domain/entries/model/entry-ref';
import type { RelatedSlice } from '../domain/entries/model/entry-store';

/**
 * One page of a related list (see src/domain/entries/related-entries.ts), read in the database: the ids, times and
 * contexts of the page's entries, in list order, and nothing more, however many entries are linked.
 *
 * The entries related to a UUID come from a few sources, each a query ordered like the list and cut at the
 * page's size after the cursor; the page is the first rows of their union, each entry once with the first of
 * its contexts in REF_CONTEXTS' order. (An entry of the page is within the first rows of every source it is in,
 * so its contexts are all there.) The sources:
 * - the entries that name one of the UUID's identities (the UUID; its entry's own document uuid; the entries
 *   whose document uuid it is), in one context: one range of entry_refs_ref_time each, read in order;
 * - the entries the document of the UUID names (context `uuid`): by id, or by their document's uuid. Those are
 *   found from the document's references, whose number ENTRY_REFS_LIMIT bounds: the database reads them all and
 *   keeps the page's rows, with nothing bound per reference.
 * The entry of the UUID itself is never listed.
 */

/** The entries whose document uuid is the UUID asked for, each read as an identity of its own up to this many. */
const OWNERS_READ_ONE_BY_ONE = 4;

/** The contexts in which an entry names another. */
const NAMING_CONTEXTS = REF_CONTEXTS.filter((context) => context !== OWN_CONTEXT);

export interface RelatedRow {
  id: string;
  createdAt: number;
  context: string;
}

interface Fragment {
  sql: string;
  parameters: unknown[];
}

/** Runs one SELECT: the union of a page's sources may be handed to another thread (see SqliteReaders). */
export type SqlRead = (sql: string, parameters: unknown[]) => Promise<unknown[]>;

export async function relatedPage(
  dataSource: DataSource,
  workspaceId: string,
  slice: RelatedSlice,
  readUnion: SqlRead = (sql, parameters) => dataSource.query(sql, parameters),
): Promise<RelatedRow[]> {
  const uuid = slice.related;
  const [own, owners] = (await Promise.all([
    dataSource.query(
      `SELECT ref_uuid AS id FROM entry_refs WHERE workspace_id = ? AND entry_id = ? AND context = ? LIMIT ${OWNERS_READ_ONE_BY_ONE}`,
      [workspaceId, uuid, OWN_CONTEXT],
    ),
    dataSource.query(
      `SELECT entry_id AS id FROM entry_refs WHERE workspace_id = ? AND ref_uuid = ? AND context = ? LIMIT ${OWNERS_READ_ONE_BY_ONE + 1}`,
      [workspaceId, uuid, OWN_CONTEXT],
    ),
  ])) as { id: string }[][];
  // Many entries holding one document uuid (the same document stored again and again): they are then one
  // subquery, not one range each.
  const manyOwners = owners.length > OWNERS_READ_ONE_BY_ONE;
  const ownersQuery: Fragment = {
    sql: 'SELECT h.entry_id FROM entry_refs h WHERE h.workspace_id = ? AND h.ref_uuid = ? AND h.context = ?',
    parameters: [workspaceId, uuid, OWN_CONTEXT],
  };
  const self = [uuid, ...(manyOwners ? [] : owners.map((row) => row.id))];
  const selfSet = (column: string, not: boolean): Fragment => {
    const list: Fragment = { sql: `${column} ${not ? 'NOT IN' : 'IN'} (${self.map(() => '?').join(', ')})`, parameters: self };
    if (!manyOwners) return list;
    const sub = `${column} ${not ? 'NOT IN' : 'IN'} (${ownersQuery.sql})`;
    return { sql: `(${list.sql} ${not ? 'AND' : 'OR'} ${sub})`, parameters: [...list.parameters, ...ownersQuery.parameters] };
  };

  const [bound, beyond, order] = slice.ascending ? (['>=', '>', 'ASC'] as const) : (['<=', '<', 'DESC'] as const);
  const limit = slice.limit;
  /** A source's page: its rows after the cursor (and from `created_at` on), in list order, cut at the page's size. */
  const paged = (select: string, time: string, id: string, where: Fragment): Fragment => {
    const notSelf = selfSet(id, true);
    const conditions = [where.sql, notSelf.sql];
    const parameters = [...where.parameters, ...notSelf.parameters];
    if (slice.createdAt !== undefined) {
      conditions.push(`${time} ${bound} ?`);
      parameters.push(slice.createdAt.getTime());
    }
    if (slice.after !== undefined) {
      conditions.push(`${time} ${bound} ? AND (${time} ${beyond} ? OR ${id} ${beyond} ?)`);
      parameters.push(slice.after.createdAt, slice.after.createdAt, slice.after.id);
    }
    return { sql: `${select} WHERE ${conditions.join(' AND ')} ORDER BY ${time} ${order}, ${id} ${order} LIMIT ${limit}`, parameters };
  };

  const sources: Fragment[] = [];
  const rank = (context: string) => REF_CONTEXTS.indexOf(context as (typeof REF_CONTEXTS)[number]);
  const identities = [uuid, ...own.map((row) => row.id), ...(manyOwners ? [] : owners.map((row) => row.id))];
  for (const context of NAMING_CONTEXTS) {
    if (slice.context !== undefined && slice.context !== context) continue;
    const select = `SELECT r.entry_id AS id, r.created_at AS created_at, ${rank(context)} AS rank_of FROM entry_refs r`;
    for (const identity of new Set(identities)) {
      sources.push(
        paged(select, 'r.created_at', 'r.entry_id', {
          sql: 'r.workspace_id = ? AND r.ref_uuid = ? AND r.context = ?',
          parameters: [workspaceId, identity, context],
        }),
      );
    }
    if (manyOwners) {
      sources.push(
        paged(select, 'r.created_at', 'r.entry_id', {
          sql: `r.workspace_id = ? AND r.context = ? AND r.ref_uuid IN (${ownersQuery.sql})`,
          parameters: [workspaceId, context, ...ownersQuery.parameters],
        }),
      );
    }
  }
  if (slice.context === undefined || slice.context === OWN_CONTEXT) {
    // What the document of the UUID (or of an entry holding it) names, in any context but its own uuid.
    const names = selfSet('t.entry_id', false);
    const named: Fragment = {
      sql: `t.workspace_id = ? AND ${names.sql} AND t.context <> ?`,
      parameters: [workspaceId, ...names.parameters, OWN_CONTEXT],
    };
    // DISTINCT: the document may name an entry several times (in several contexts, or by id and by uuid).
    sources.push(
      paged(
        `SELECT DISTINCT e.id AS id, e.created_at AS created_at, ${rank(OWN_CONTEXT)} AS rank_of FROM entry_refs t JOIN entries e ON e.workspace_id = t.workspace_id AND e.id = t.ref_uuid`,
        'e.created_at',
        'e.id',
        named,
      ),
      paged(
        `SELECT DISTINCT o.entry_id AS id, o.created_at AS created_at, ${rank(OWN_CONTEXT)} AS rank_of FROM entry_refs t ` +
          'JOIN entry_refs o ON o.workspace_id = t.workspace_id AND o.ref_uuid = t.ref_uuid AND o.context = ?',
        'o.created_at',
        'o.entry_id',
        { sql: named.sql, parameters: [OWN_CONTEXT, ...named.parameters] },
      ),
    );
  }
  if (sources.length === 0) return [];

  // Each source a derived table, so that its ORDER BY and LIMIT hold inside the UNION on both engines.
  const union = sources.map((source, i) => `SELECT * FROM (${source.sql}) s${i}`).join(' UNION ALL ');
  const rows = (await readUnion(
    `SELECT id, created_at, MIN(rank_of) AS rank_of FROM (${union}) u GROUP BY id, created_at ORDER BY created_at ${order}, id ${order} LIMIT ${limit}`,
    sources.flatMap((source) => source.parameters),
  )) as { id: string; created_at: number | string; rank_of: number | string }[];
  return rows.map((row) => ({
    id: row.id,
    createdAt: Number(row.created_at),
    context: slice.context ?? REF_CONTEXTS[Number(row.rank_of)],
  }));
}
