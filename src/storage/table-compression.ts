import type { DataSource } from 'typeorm';

/**
 * On MariaDB, the tables that grow with the entries use InnoDB page compression (PAGE_COMPRESSED=1, zlib): each
 * page is compressed when written to disk and the space it saved is given back to the file system (a punched
 * hole), so the files take about a third of the disk they did. What the buffer pool holds is not compressed:
 * reads from memory cost the same. Ids, workspace tokens and search terms repeat from row to row, which a page
 * compresses well; the envelopes are packed already (packed-json.ts).
 *
 * Changing a table's compression rebuilds it: online (ALGORITHM=INPLACE, LOCK=NONE: reads and writes go on while
 * it is rebuilt, and only its first and last moments take a lock), one table at a time, and only by one process
 * at a time (a named lock). On a Galera cluster a rebuild would hold the table on every node for its whole length
 * (DDL there is replicated in total order): only empty tables are compressed there, and docs/operations.md, "How envelopes are
 * stored" says how an operator compresses the others, a node at a time. MySQL (not MariaDB) and a server without
 * a file per table are left as they are.
 */
export const COMPRESSED_TABLES = [
  'entries',
  'entry_versions',
  'entry_search',
  'entry_search_term',
  'entry_refs',
  'entry_events',
  'entry_meta',
  'entry_attachments',
  'entry_states',
];

export interface CompressionProgress {
  table: string;
  /** The rebuild's progress as the server reports it, 0 to 100; 100 once done. */
  percent: number;
}

/** What compressTables did with each table: compressed now, already, or left (and why). */
export type CompressionOutcome =
  | { table: string; outcome: 'compressed'; seconds: number }
  | { table: string; outcome: 'already' }
  | { table: string; outcome: 'left'; why: string };

/** Why an SQLite database's tables are left: nothing to tell an operator, so callers pass over it. */
export const NOT_MARIADB = 'not MariaDB';

/** Why this server's tables cannot be compressed here, or undefined when they can. */
async function unsupported(dataSource: DataSource): Promise<string | undefined> {
  if (dataSource.options.type !== 'mysql') return NOT_MARIADB;
  const [server] = (await dataSource.query('SELECT VERSION() AS version, @@innodb_file_per_table AS perTable')) as {
    version: string;
    perTable: number | string;
  }[];
  if (!/mariadb/i.test(server.version)) return 'MySQL has no PAGE_COMPRESSED';
  if (Number(server.perTable) !== 1) return 'innodb_file_per_table is off';
  return undefined;
}

async function onGalera(dataSource: DataSource): Promise<boolean> {
  const rows = (await dataSource.query("SHOW VARIABLES LIKE 'wsrep_on'")) as { Value: string }[];
  return rows[0]?.Value === 'ON';
}

async function isCompressed(dataSource: DataSource, table: string): Promise<boolean> {
  const rows = (await dataSource.query(
    'SELECT CREATE_OPTIONS AS options FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?',
    [table],
  )) as {
    options: string | null;
  }[];
  // As SHOW CREATE TABLE writes it: `PAGE_COMPRESSED`='1'.
  return /page_compressed`?\s*=\s*['"]?(1|on)\b/i.test(rows[0]?.options ?? '');
}

async function isEmpty(dataSource: DataSource, table: string): Promise<boolean> {
  return ((await dataSource.query(`SELECT 1 FROM ${table} LIMIT 1`)) as unknown[]).length === 0;
}

/** How often the rebuild's progress is read, while it runs. */
const PROGRESS_EVERY_MS = 2000;

/** Compresses every table of COMPRESSED_TABLES not compressed yet; `onProgress` while a rebuild runs. */
export async function compressTables(
  dataSource: DataSource,
  options: { onProgress?: (progress: CompressionProgress) => void; signal?: AbortSignal } = {},
): Promise<CompressionOutcome[]> {
  const why = await unsupported(dataSource);
  if (why) return COMPRESSED_TABLES.map((table) => ({ table, outcome: 'left', why }));
  const galera = await onGalera(dataSource);
  const outcomes: CompressionOutcome[] = [];
  for (const table of COMPRESSED_TABLES) {
    if (options.signal?.aborted) break;
    if (await isCompressed(dataSource, table)) {
      outcomes.push({ table, outcome: 'already' });
    } else if (galera && !(await isEmpty(dataSource, table))) {
      outcomes.push({
        table,
        outcome: 'left',
        why: 'on a Galera cluster, a table with rows is compressed by the operator, a node at a time',
      });
    } else {
      outcomes.push(await rebuildCompressed(dataSource, table, options.onProgress, options.signal));
    }
  }
  return outcomes;
}

/** One table's online rebuild, on a connection of its own, under a named lock; its progress read from another. */
async function rebuildCompressed(
  dataSource: DataSource,
  table: string,
  onProgress?: (progress: CompressionProgress) => void,
  signal?: AbortSignal,
): Promise<CompressionOutcome> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  const lock = `entries-compress-${table}`;
  try {
    const [{ got }] = (await runner.query('SELECT GET_LOCK(?, 0) AS got', [lock])) as { got: number | string | null }[];
    if (Number(got) !== 1) return { table, outcome: 'left', why: 'another process is compressing it' };
    try {
      if (await isCompressed(dataSource, table)) return { table, outcome: 'already' };
      const [{ id }] = (await runner.query('SELECT CONNECTION_ID() AS id')) as { id: number | string }[];
      const timer = onProgress
        ? setInterval(() => {
            dataSource
              .query('SELECT PROGRESS AS percent FROM information_schema.PROCESSLIST WHERE ID = ?', [id])
              .then((rows: { percent: number | string }[]) => rows[0] && onProgress({ table, percent: Number(rows[0].percent) }))
              .catch(() => undefined);
          }, PROGRESS_EVERY_MS)
        : undefined;
      // Stopping the service cancels a rebuild under way (the server rolls it back; the next start begins it again)
      // rather than hold the stop up for as long as the rebuild takes.
      const started = Date.now();
      const cancel = () => void dataSource.query(`KILL QUERY ${Number(id)}`).catch(() => undefined);
      signal?.addEventListener('abort', cancel, { once: true });
      try {
        await runner.query(`ALTER TABLE ${table} PAGE_COMPRESSED=1, ALGORITHM=INPLACE, LOCK=NONE`);
      } catch (error) {
        if (signal?.aborted) return { table, outcome: 'left', why: 'stopped' };
        throw error;
      } finally {
        signal?.removeEventListener('abort', cancel);
        if (timer) clearInterval(timer);
      }
      onProgress?.({ table, percent: 100 });
      return { table, outcome: 'compressed', seconds: (Date.now() - started) / 1000 };
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [lock]);
    }
  } finally {
    await runner.release();
  }
}
