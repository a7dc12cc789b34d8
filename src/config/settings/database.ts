import path from 'node:path';
import { accepted, refused, type Parsed } from './setting';
import { boolean, custom, integer } from './setting-kinds';
import { DATA_DIR } from './server';

export interface DatabaseHost {
  host: string;
  port: number;
}

/** The database the service opens: an SQLite file, or MySQL/MariaDB hosts (several for a Galera cluster). */
export type DatabaseConfig =
  { type: 'sqlite'; file: string; pageSize?: number } | { type: 'mysql'; url: string; hosts: DatabaseHost[]; readYourWrites?: boolean };

/** `mysql://user:pass@h1:3311,h2:3312/db?opts`: the URL with the first host, and every host in order. */
function parseMysqlUrl(url: string): { url: string; hosts: DatabaseHost[] } | undefined {
  const match = /^mysql:\/\/(?:([^@/]*)@)?([^/?#]+)(.*)$/.exec(url);
  if (!match) return undefined;
  const [, userInfo, hostList, rest] = match;
  const hosts: DatabaseHost[] = [];
  for (const part of hostList.split(',')) {
    try {
      const one = new URL(`mysql://${part}`);
      if (!one.hostname || one.pathname || one.username) return undefined;
      hosts.push({ host: one.hostname.replace(/^\[|\]$/g, ''), port: one.port ? Number(one.port) : 3306 });
    } catch {
      return undefined;
    }
  }
  const first = `mysql://${userInfo !== undefined ? `${userInfo}@` : ''}${hostList.split(',')[0]}${rest}`;
  try {
    new URL(first);
  } catch {
    return undefined;
  }
  return { url: first, hosts };
}

type DatabaseUrl = { type: 'sqlite'; file: string } | { type: 'mysql'; url: string; hosts: DatabaseHost[] };

function parseDatabaseUrl(url: string): Parsed<DatabaseUrl> {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '');
    if (file) return accepted({ type: 'sqlite', file: path.resolve(file) });
  } else if (/^(mysql|mariadb):\/\//.test(url)) {
    const parsed = parseMysqlUrl(url.replace(/^mariadb:/, 'mysql:'));
    if (parsed) return accepted({ type: 'mysql', ...parsed });
  }
  return refused('DATABASE_URL must be mysql://user:password@host:port[,host:port...]/database or sqlite:PATH');
}

export const DATABASE_URL = custom<DatabaseUrl>({
  name: 'DATABASE_URL',
  type: '`mysql://…`, `mariadb://…` or `sqlite:PATH`',
  description:
    '`mysql://user:password@host:port/database` for MySQL or MariaDB; several hosts, `mysql://user:password@h1:3311,h2:3312,h3:3313/database`, ' +
    'for the nodes of a multi-primary cluster (MariaDB Galera): every connection goes to one node, and to the next when that one ' +
    'fails; `sqlite:PATH` for another SQLite file, made `0600` (its folder created `0700` when missing, left as it is otherwise). See SCALING.md',
  default: (get) => ({ type: 'sqlite', file: path.join(get(DATA_DIR), 'entries.sqlite') }),
  defaultText: 'embedded SQLite in `DATA_DIR` (`entries.sqlite`)',
  parse: parseDatabaseUrl,
});

export const SQLITE_PAGE_SIZE = integer({
  name: 'SQLITE_PAGE_SIZE',
  description:
    'the page size of a new SQLite database; an existing database keeps its own (SQLite cannot change it in WAL mode; ' +
    "`npm run backup` writes its copy with the default). 16 KiB pages hold the same entries in about 12 % fewer bytes than SQLite's " +
    "4 KiB (an entry's row is about a kilobyte, and a 4 KiB page left a fifth of itself unused), and make creates about a tenth " +
    'slower (each commit writes larger pages; docs/operations.md, How envelopes are stored)',
  type: 'power of two, 512 to 65536',
  // Unset, storage uses its own (src/storage/data-source.ts, which reads the configuration; a test checks this text against it).
  defaultText: '`16384`',
  check: (pageSize) =>
    pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0
      ? `SQLITE_PAGE_SIZE must be a power of two from 512 to 65536, got "${pageSize}"`
      : undefined,
});

export const DATABASE_READ_YOUR_WRITES = boolean({
  name: 'DATABASE_READ_YOUR_WRITES',
  description:
    'on a Galera cluster, each read waits until its node has applied the writes committed before it (`wsrep_sync_wait = 1`), so ' +
    'an entry created through one process is found through any other; `false` reads what the node has',
  default: true,
});

export const SEARCH_TIME_LIMIT_MS = integer({
  name: 'SEARCH_TIME_LIMIT_MS',
  description:
    'longest one search may keep MySQL/MariaDB busy; past it the statement is stopped and the answer is 400 `input` naming `q` ' +
    "(too many matches to rank: add words, or a folder). SQLite's index answers the broadest search of a million entries in well under that",
  default: 2000,
});

/** The database with its switches: a page size for SQLite, read-your-writes off for MySQL/MariaDB when asked. */
export function withDatabaseSwitches(database: DatabaseUrl, pageSize: number | undefined, readYourWrites: boolean): DatabaseConfig {
  if (database.type === 'sqlite') return pageSize === undefined ? database : { ...database, pageSize };
  return readYourWrites ? database : { ...database, readYourWrites };
}

export const DATABASE_SETTINGS = [DATABASE_URL, SQLITE_PAGE_SIZE, DATABASE_READ_YOUR_WRITES, SEARCH_TIME_LIMIT_MS];
