import type { Step } from './sql-transaction';

/**
 * The weight of an entry's parts as its answers show them: the bytes of every text of its files and of its
 * (not secure) meta rows, and a few hundred for each row's fixed fields. Read with OCTET_LENGTH, which reads no
 * text into the answer. The read budget pays this for the parts it shows (entry.repository.ts `partSizes`), and
 * ENTRY_PARTS_LIMIT bounds it on write, so the two always agree.
 */
const ROW_OVERHEAD = 400;

const octets = (...columns: string[]) => columns.map((c) => `COALESCE(OCTET_LENGTH(${c}), 0)`).join(' + ');

/** `SELECT part, id, size … WHERE workspace_id = ?`, to be completed with the entries' condition. */
export const ATTACHMENT_WEIGHT =
  `SELECT 'attachments' AS part, entry_id AS id, SUM(${ROW_OVERHEAD} + ${octets('name', 'description', 'url', 'meta', 'previous', 'file_key', 'category')}) AS size ` +
  'FROM entry_attachments WHERE workspace_id = ?';
export const META_WEIGHT =
  `SELECT 'meta' AS part, entry_id AS id, SUM(${ROW_OVERHEAD} + ${octets('src', 'meta_key', 'value', 'ref', 'owner_id', 'link_url')}) AS size ` +
  'FROM entry_meta WHERE workspace_id = ? AND secure = 0';

/** One entry's parts weight, files and meta rows together, as a statement of a write's transaction. */
export const partsWeightStep = (workspaceId: string, entryId: string): Step => ({
  sql: `${ATTACHMENT_WEIGHT} AND entry_id = ? GROUP BY entry_id UNION ALL ${META_WEIGHT} AND entry_id = ? GROUP BY entry_id`,
  parameters: [workspaceId, entryId, workspaceId, entryId],
});

/** The total of what partsWeightStep read. */
export const weightOf = (rows: { size: number | string | null }[]): number => rows.reduce((sum, row) => sum + Number(row.size ?? 0), 0);

/**
 * Whether a write took an entry's parts past `limit` (`before` and `after` are their weights without and with it).
 * A write that makes an entry lighter is never refused, even where the entry was over the limit already (stored
 * before the limit existed).
 */
export const heavierPastLimit = (before: number, after: number, limit: number): boolean => after > limit && after > before;
