import { v7 as uuidv7 } from 'uuid';
import { isObject } from '../entries/model/create-entry.input';
import { UUID_PATTERN } from '../shared/uuid';
import type { Attachment } from '../entries/model/entry';
import type { EntryStore } from '../entries/model/entry-store';
import { DomainError, badInput, conflict, notFound, type ErrorFields } from '../shared/errors';
import type { FileContent } from './file-content';
import type { FileStore, FileWriteState } from './file-store';
import type { EventMaker } from '../entries/event-maker';
import { isMediaType } from './media-type';
import { rethrowForClient } from '../entries/model/store-refusals';

/** The categories of the hosted API's files (empty: none given). */
export const FILE_CATEGORIES = ['format', 'request', 'response', 'agreement', 'verification', 'attachment'] as const;
const MAX_TEXT = 255;

/** A file as sent (multipart fields, or the JSON form's members), before it is checked. */
export interface FileUpload {
  name?: unknown;
  desc?: unknown;
  key?: unknown;
  category?: unknown;
  mime?: unknown;
  embeddable?: unknown;
  private?: unknown;
  meta?: unknown;
  /** SHA-256 the client says the bytes have (hex): checked when given. */
  sha256?: unknown;
  /** Size the client says the bytes have: checked when given. */
  size?: unknown;
}

/** ENTRY_FILES_LIMIT: most files an entry has; FILE_VERSIONS_LIMIT: most earlier versions a file keeps. */
export interface FileLimits {
  filesPerEntry: number;
  versionsPerFile: number;
}

/** Bytes of a file's `meta` as JSON, at most: what a multipart form field may hold, in every form. */
export const MAX_FILE_META_BYTES = 64 * 1024;

/** Where a file's bytes are, once found: the content to stream, and what to say about it. */
export interface FileDownload {
  file: Attachment;
  contentId: string;
  size: number;
  hash: string;
}

/** The path a file's bytes are downloaded from (`url`); the current content, or a version's by its id. */
export const downloadPath = (entryId: string, id: string) => `/silo/v1/entries/${entryId}/files/${id}/download`;

/**
 * Files on entries: upload (new, or a chosen id that replaces the file and keeps its earlier content as a
 * version in `previous`), metadata, and where to read the bytes. Another workspace's entry or file is not found.
 * A signed entry still takes files, as the hosted API allows: files are not part of the signed envelope.
 */
export class FilesService {
  constructor(
    private readonly entries: EntryStore,
    private readonly files: FileStore,
    private readonly limits: FileLimits = { filesPerEntry: 1000, versionsPerFile: 100 },
    private readonly clock: () => Date = () => new Date(),
    private readonly events?: EventMaker,
  ) {}

  /** Writes a file as `next` makes it (FileStore.writeFile), with its event. */
  private write(
    workspaceId: string,
    entryId: string,
    id: string,
    content: { id: string; bytes: FileContent } | undefined,
    next: (state: FileWriteState) => Attachment,
  ): Promise<Attachment> {
    let written: Attachment | undefined;
    const events = this.events?.fileAdded(() => written);
    return this.files
      .writeFile(workspaceId, entryId, id, content, (state) => (written = next(state)), events)
      .then(async (file) => {
        await this.events?.written(workspaceId, events);
        return file;
      })
      .catch(rethrowForClient);
  }

  /** Refuses an unknown entry before the body is read. */
  async requireEntry(workspaceId: string, entryId: string): Promise<void> {
    if (!UUID_PATTERN.test(entryId)) throw badInput('entry_id must be a UUID', { entry_id: 'must be a UUID' });
    if (!(await this.entries.findById(workspaceId, entryId.toLowerCase(), { withData: false }))) throw notFound('entry');
  }

  /**
   * Adds a file, or replaces the file of a chosen id. Without `content` (the JSON form without `data`) the file is
   * a placeholder, `stored: false`, whose declared `sha256`, `size` and `mime` its bytes must match when they are
   * PUT to its `url` (uploadContent). A replacement is made from the file as the write finds it under its
   * entry's lock, so concurrent replacements each keep the one before as a version; past versionsPerFile the
   * oldest goes, with its content. A new file past filesPerEntry is refused 422.
   */
  async putFile(
    workspaceId: string,
    entryId: string,
    upload: FileUpload,
    content: FileContent | undefined,
    options: { id?: string; defaults?: { name?: string; mime?: string } } = {},
  ): Promise<Attachment> {
    await this.requireEntry(workspaceId, entryId);
    if (options.id !== undefined && !UUID_PATTERN.test(options.id)) throw badInput('id must be a UUID', { id: 'must be a UUID' });
    const fields = checkUpload(upload, content, options.defaults ?? {});
    const entry = entryId.toLowerCase();
    const id = options.id?.toLowerCase() ?? uuidv7();
    const now = this.clock();
    // Each content has its own id, apart from the file's: an earlier version is downloaded by it.
    const contentId = uuidv7();
    const { declared: _declared, ...described } = fields;
    return this.write(workspaceId, entry, id, content && { id: contentId, bytes: content }, ({ current, filesOnEntry }) => {
      if (!current && filesOnEntry >= this.limits.filesPerEntry) throw tooManyFiles(this.limits.filesPerEntry);
      const previous = current?.stored
        ? [
            { id: current.contentId ?? current.id, createdAt: current.createdAt, hash: current.hash, size: current.size },
            ...(current.previous ?? []),
          ]
        : (current?.previous ?? []);
      return {
        ...described,
        id,
        entryId: entry,
        size: content?.size ?? fields.declared.size!,
        hash: content?.hash ?? fields.declared.sha256!,
        stored: content !== undefined,
        url: downloadPath(entry, id),
        contentId,
        previous: previous.slice(0, this.limits.versionsPerFile),
        createdAt: current ? current.createdAt : now,
      };
    });
  }

  /**
   * The bytes of a placeholder, PUT to its `url`: they must be what it declared. Checked again under the entry's
   * lock, so that of concurrent uploads one stores the bytes and the others are 409 and store nothing.
   */
  async uploadContent(workspaceId: string, entryId: string, id: string, content: FileContent): Promise<Attachment> {
    checkDeclared(await this.getFile(workspaceId, entryId, id), content);
    const contentId = uuidv7();
    return this.write(workspaceId, entryId.toLowerCase(), id.toLowerCase(), { id: contentId, bytes: content }, ({ current }) => {
      if (!current) throw notFound('file');
      checkDeclared(current, content);
      return { ...current, stored: true, contentId };
    });
  }

  async getFile(workspaceId: string, entryId: string, id: string): Promise<Attachment> {
    await this.requireEntry(workspaceId, entryId);
    if (!UUID_PATTERN.test(id)) throw badInput('id must be a UUID', { id: 'must be a UUID' });
    const file = await this.files.findFile(workspaceId, entryId.toLowerCase(), id.toLowerCase());
    if (!file) throw notFound('file');
    return file;
  }

  /** The bytes behind a file id (its current content) or behind one of its versions' ids. */
  async findDownload(workspaceId: string, entryId: string, id: string): Promise<FileDownload> {
    await this.requireEntry(workspaceId, entryId);
    if (!UUID_PATTERN.test(id)) throw badInput('id must be a UUID', { id: 'must be a UUID' });
    const entry = entryId.toLowerCase();
    const current = await this.files.findFile(workspaceId, entry, id.toLowerCase());
    if (current && !current.stored) throw notFound('file content (not uploaded yet)');
    if (current) return { file: current, contentId: current.contentId ?? current.id, size: current.size, hash: current.hash };
    const version = await this.files.findContent(workspaceId, entry, id.toLowerCase());
    const file = version && (await this.files.findFile(workspaceId, entry, version.fileId));
    if (!version || !file) throw notFound('file');
    return { file, contentId: version.id, size: version.size, hash: version.hash };
  }

  readContent(workspaceId: string, contentId: string, start: number, end: number): AsyncIterable<Buffer> {
    return this.files.readContent(workspaceId, contentId, start, end);
  }
}

const tooManyFiles = (limit: number) =>
  new DomainError('validation', `the entry has ${limit} files, the most it may have (ENTRY_FILES_LIMIT): replace one of them instead`);

/** A placeholder takes its bytes once, and only the bytes it declared. */
function checkDeclared(file: Attachment, content: FileContent): void {
  if (file.stored) throw conflict('the file has its content already: PUT the file itself to replace it');
  const fields: ErrorFields = {};
  if (content.size !== file.size) fields.size = `the file declared ${file.size} bytes, ${content.size} were sent`;
  if (content.hash !== file.hash) fields.sha256 = 'differs from the SHA-256 the file declared';
  if (Object.keys(fields).length > 0)
    throw badInput(
      Object.entries(fields)
        .map(([n, m]) => `${n}: ${m as string}`)
        .join('; '),
      fields,
    );
}

type CheckedFields = Pick<Attachment, 'name' | 'desc' | 'key' | 'category' | 'mime' | 'embeddable' | 'private' | 'meta'> & {
  /** What a placeholder declares of the bytes still to come. */
  declared: { sha256?: string; size?: number };
};

/** The upload's fields, checked; every bad one named at once. */
export function checkUpload(
  upload: FileUpload,
  content: FileContent | undefined,
  defaults: { name?: string; mime?: string },
): CheckedFields {
  const fields: ErrorFields = {};
  const text = (name: keyof FileUpload, max = MAX_TEXT): string | undefined => {
    const value = upload[name];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value === 'string' && value.length <= max && value.isWellFormed()) return value;
    fields[name] = `must be a string of at most ${max} characters`;
    return undefined;
  };
  const flag = (name: keyof FileUpload): boolean | undefined => {
    const value = upload[name];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 'false') return value === 'true';
    fields[name] = 'must be true or false';
    return undefined;
  };
  const name = text('name') ?? defaults.name;
  if (name === undefined && !fields.name) fields.name = 'is required';
  const desc = text('desc', 4096);
  const key = text('key');
  const category = text('category');
  if (category !== undefined && !(FILE_CATEGORIES as readonly string[]).includes(category))
    fields.category = `must be one of ${FILE_CATEGORIES.join(', ')}`;
  const mime = (text('mime') ?? defaults.mime ?? 'application/octet-stream').trim();
  if (!fields.mime && !isMediaType(mime))
    fields.mime = 'must be a media type such as application/pdf or text/plain; charset=utf-8 (ASCII, parameters as name=value)';
  const embeddable = flag('embeddable');
  const isPrivate = flag('private');
  let meta = upload.meta;
  if (typeof meta === 'string' && meta !== '') {
    try {
      meta = JSON.parse(meta);
    } catch {
      meta = null;
    }
  }
  if (meta === '' || meta === undefined) meta = undefined;
  else if (!isObject(meta) || !Object.values(meta).every((v) => typeof v === 'string')) {
    fields.meta = 'must be an object of strings';
    meta = undefined;
  }
  const sha256 = text('sha256')?.toLowerCase();
  const sizeGiven = upload.size !== undefined && upload.size !== null && upload.size !== '';
  const size = sizeGiven ? Number(upload.size) : undefined;
  if (content) {
    if (sha256 !== undefined && sha256 !== content.hash) fields.sha256 = 'differs from the SHA-256 of the bytes received';
    if (size !== undefined && size !== content.size) fields.size = 'differs from the number of bytes received';
  } else {
    // A placeholder: what is declared is all there is to go on until the bytes come.
    if (sha256 === undefined || !/^[0-9a-f]{64}$/.test(sha256))
      fields.sha256 = 'is required without data: the SHA-256 of the bytes, hexadecimal';
    if (size === undefined || !Number.isSafeInteger(size) || size < 0) fields.size = 'is required without data: the number of bytes';
    if (text('mime') === undefined && !fields.mime) fields.mime = 'is required without data';
  }
  const names = Object.keys(fields);
  if (names.length === 0 && meta !== undefined && Buffer.byteLength(JSON.stringify(meta)) > MAX_FILE_META_BYTES) {
    const message = `is over ${MAX_FILE_META_BYTES} bytes as JSON`;
    throw new DomainError('payload-too-large', `meta: ${message}`, { fields: { meta: message } });
  }
  if (names.length > 0) throw badInput(names.map((n) => `${n}: ${fields[n] as string}`).join('; '), fields);
  return {
    name: name!,
    desc,
    key,
    category,
    mime,
    embeddable,
    private: isPrivate,
    meta: meta as Record<string, string> | undefined,
    declared: { sha256, size },
  };
}
