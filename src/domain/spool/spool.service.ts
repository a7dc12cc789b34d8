import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { DomainError, badInput, notFound, type ErrorFields } from '../shared/errors';
import type { FileContent } from '../files/file-content';
import { isMediaType } from '../files/media-type';
import type { SpoolItem, SpoolStore } from './spool-store';

/** A spooled file's name: at most this many characters. */
const MAX_NAME = 255;
/** A media type's text: at most this many characters. */
const MAX_MIME = 255;
/** At most this many characters of the name go into the key, made safe for a URL path. */
const KEY_NAME_CHARS = 100;
/** A key no upload can have (a key is shorter): looked up no further. */
const MAX_KEY = 160;
/** Expired files the sweep deletes per run: a run never holds the database long. */
export const SPOOL_SWEEP_BATCH = 100;
/** How often the sweep runs (more often when files live less long). */
const SWEEP_INTERVAL_MS = 60_000;

/** The path a spooled file's bytes are downloaded from. */
export const spoolPath = (key: string) => `/silo/v1/spool/${key}`;

export interface SpoolUpload {
  name?: unknown;
  type?: unknown;
}

export interface SpoolLimits {
  /** How long a spooled file lives (SPOOL_LIFETIME). */
  lifetimeMs: number;
  /** Most live files a workspace holds (SPOOL_ITEMS_LIMIT). */
  itemsLimit: number;
  /** Largest file (FILE_SIZE_LIMIT). */
  sizeLimit: number;
}

/**
 * The spool: a workspace's temporary files, uploaded with a name and a media type and found again by the key the
 * upload answers. A file lives SPOOL_LIFETIME; an expired one is not found, and its rows are deleted when it is
 * asked for or by the periodic sweep, whichever comes first. Another workspace's key is not found.
 */
export class SpoolService {
  constructor(
    private readonly store: SpoolStore,
    private readonly limits: SpoolLimits,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async upload(workspaceId: string, upload: SpoolUpload, content: FileContent): Promise<SpoolItem> {
    const { name, mime } = checkUpload(upload);
    if (content.size > this.limits.sizeLimit) throw new DomainError('payload-too-large', `the file is over ${this.limits.sizeLimit} bytes`);
    const now = this.clock();
    // Counted before the insert: uploads racing at the limit may pass it by as many as raced, never more.
    if ((await this.store.countLive(workspaceId, now)) >= this.limits.itemsLimit) {
      throw new DomainError(
        'payload-too-large',
        `the workspace's spool holds ${this.limits.itemsLimit} files, its limit: delete some, or wait for them to expire`,
      );
    }
    const item: SpoolItem = {
      key: spoolKey(now, name),
      name,
      mime,
      size: content.size,
      hash: content.hash,
      contentId: uuidv7(),
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.limits.lifetimeMs),
    };
    await this.store.save(workspaceId, item, content);
    return item;
  }

  /** A live file of the workspace; an expired one is deleted on the way and not found. */
  async find(workspaceId: string, key: string): Promise<SpoolItem> {
    const item = key.length <= MAX_KEY ? await this.store.find(workspaceId, key) : undefined;
    if (!item) throw notFound('spooled file');
    if (item.expiresAt.getTime() <= this.clock().getTime()) {
      await this.store.delete(workspaceId, key);
      throw notFound('spooled file (expired)');
    }
    return item;
  }

  async delete(workspaceId: string, key: string): Promise<void> {
    await this.find(workspaceId, key);
    if (!(await this.store.delete(workspaceId, key))) throw notFound('spooled file');
  }

  readContent(workspaceId: string, item: SpoolItem, start: number, end: number): AsyncIterable<Buffer> {
    return this.store.readContent(workspaceId, item.contentId, start, end);
  }

  /** Deletes up to `batch` expired files of any workspace; how many it deleted. */
  async sweepExpired(batch = SPOOL_SWEEP_BATCH): Promise<number> {
    let deleted = 0;
    for (const { workspaceId, key } of await this.store.findExpired(this.clock(), batch)) {
      if (await this.store.delete(workspaceId, key)) deleted++;
    }
    return deleted;
  }

  /**
   * Sweeps expired files now and then, a batch per run, on a timer that keeps no process alive; `stop` ends it
   * and waits for a run under way. A failed run is reported and the next one tries again.
   */
  startSweeping(onError: (error: unknown) => void): { stop(): Promise<void> } {
    let running: Promise<void> | undefined;
    const timer = setInterval(
      () => {
        if (running) return;
        running = this.sweepExpired()
          .then(() => undefined, onError)
          .finally(() => (running = undefined));
      },
      Math.max(1000, Math.min(SWEEP_INTERVAL_MS, this.limits.lifetimeMs)),
    );
    timer.unref();
    return {
      async stop() {
        clearInterval(timer);
        await running;
      },
    };
  }
}

/** The name and media type, checked; both bad ones named at once. */
function checkUpload(upload: SpoolUpload): { name: string; mime: string } {
  const fields: ErrorFields = {};
  const { name, type } = upload;
  if (name === undefined || name === null || name === '') fields.name = 'is required';
  else if (typeof name !== 'string' || !isFileName(name))
    fields.name = `must be a file name: at most ${MAX_NAME} characters, no path separators or control characters`;
  const mime = type === undefined || type === null || type === '' ? 'application/octet-stream' : type;
  if (typeof mime !== 'string' || mime.length > MAX_MIME || !isMediaType(mime))
    fields.type = 'must be a media type such as application/xml';
  const names = Object.keys(fields);
  if (names.length > 0) throw badInput(names.map((n) => `${n}: ${fields[n] as string}`).join('; '), fields);
  return { name: name as string, mime: mime as string };
}

/** A name a file can have on its own: well-formed, no `/` or `\`, no control characters, not `.` or `..`. */
function isFileName(name: string): boolean {
  return name.isWellFormed() && [...name].length <= MAX_NAME && !/[/\\\p{Cc}]/u.test(name) && name !== '.' && name !== '..';
}

/**
 * A new key, like the hosted API's: the ISO week of the upload, 80 random bits, and the name as far as it is safe
 * in a URL path (`2025-W20-<random>-invoice.xml`).
 */
export function spoolKey(now: Date, name: string): string {
  const safeName = name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, KEY_NAME_CHARS);
  return `${isoWeek(now)}-${randomBytes(10).toString('hex')}-${safeName}`;
}

/** `2025-W20`: the ISO 8601 week (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  // The Thursday of this week decides its year.
  day.setUTCDate(day.getUTCDate() + 3 - ((day.getUTCDay() + 6) % 7));
  const year = day.getUTCFullYear();
  const week = 1 + Math.floor((day.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, '0')}`;
}
