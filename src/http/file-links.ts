import { createCipheriv, createDecipheriv, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../domain/shared/errors';

/** The file in DATA_DIR that keeps the links' secret when FILE_LINK_SECRET is not set. */
export const FILE_LINK_SECRET_FILE = 'file-link-secret';

/** Where a file link carries its parts: `?expires=<unix seconds>&scope=<base64url>&signature=<base64url>`. */
export const FILE_LINK_PARAMS = ['expires', 'scope', 'signature'] as const;
export type FileLinkQuery = Partial<Record<(typeof FILE_LINK_PARAMS)[number], unknown>>;

/** The file a link was made for, as its path names it. */
export interface LinkedFile {
  entryId: string;
  fileId: string;
}

/** An entry's invoice in a format a link was made for (`/silo/v1/entries/{id}/formats/{format}`), of `version` when named. */
export interface LinkedFormat {
  entryId: string;
  format: string;
  version?: string;
}

/** What a link opens: a file's bytes, or an entry's invoice in a format (Factur-X's PDF). */
export type LinkTarget = LinkedFile | LinkedFormat;

/** A workspace name is at most a few hundred bytes: a longer scope is no link of ours, and is not decoded. */
const MAX_SCOPE_CHARS = 2048;
const IV_BYTES = 16;

const forbidden = (message: string) => new DomainError('forbidden', message);

/**
 * Signed, expiring links to a file's bytes, or to an entry's invoice in a format, fetched without a token (a browser,
 * an e-mail, a plain HTTP client). The signature is an HMAC-SHA256 of the workspace, the entry id, the file id (or
 * the format and the version it names) and the expiry. No workspace
 * appears in URLs, so the link carries it sealed (`scope`: AES-256-CTR under a key of its own, with an IV
 * that is an HMAC of the workspace); the signature covers the sealed workspace's plain text, so a link works only for
 * the file of the workspace it was made for. Both keys derive from one secret: replacing it invalidates
 * every link at once.
 */
export class FileLinks {
  private readonly signatureKey: Buffer;
  private readonly scopeKey: Buffer;
  private readonly scopeIvKey: Buffer;

  constructor(
    secret: string,
    private readonly lifetimeMs: number,
    private readonly clock: () => number = Date.now,
  ) {
    const key = (purpose: string) => Buffer.from(hkdfSync('sha256', secret, '', `file link ${purpose}`, 32));
    this.signatureKey = key('signature');
    this.scopeKey = key('scope');
    this.scopeIvKey = key('scope iv');
  }

  /**
   * The query of a link to the target, valid for the configured lifetime from now. A format's `version` is not
   * written here: its route reads it from the query (`version=`), which its link's address carries beside these.
   */
  query(workspaceId: string, target: LinkTarget): string {
    const expires = Math.ceil((this.clock() + this.lifetimeMs) / 1000);
    const scope = this.seal(workspaceId);
    return `expires=${expires}&scope=${scope}&signature=${this.signature(workspaceId, target, expires)}`;
  }

  /** Whether the request carries any part of a link (and so is judged as one). */
  static isLink(query: FileLinkQuery): boolean {
    return FILE_LINK_PARAMS.some((name) => query[name] !== undefined);
  }

  /** The workspace of a valid, unexpired link to `target`; 403 `forbidden` for anything else. */
  verify(target: LinkTarget, query: FileLinkQuery): string {
    const { expires, scope, signature } = query;
    if (
      typeof expires !== 'string' ||
      !/^\d{1,12}$/.test(expires) ||
      typeof scope !== 'string' ||
      typeof signature !== 'string' ||
      scope.length > MAX_SCOPE_CHARS
    ) {
      throw forbidden('the link is not valid');
    }
    const workspaceId = this.unseal(scope);
    const expected = Buffer.from(this.signature(workspaceId ?? '', target, Number(expires)));
    const given = Buffer.from(signature);
    // Compared as text: base64url decoding would take a few different texts as the same bytes.
    const matches = given.length === expected.length && timingSafeEqual(given, expected);
    if (!matches || workspaceId === undefined) throw forbidden('the link is not valid');
    if (Number(expires) * 1000 <= this.clock()) throw forbidden('the link has expired');
    return workspaceId;
  }

  /**
   * A file's signed text is the four members it always was (links already handed out stay valid); a format's has
   * six, led by `format`, so that no link to one can pass for a link to the other.
   */
  private signature(workspaceId: string, target: LinkTarget, expires: number): string {
    const entryId = target.entryId.toLowerCase();
    const signed =
      'fileId' in target
        ? JSON.stringify([workspaceId, entryId, target.fileId.toLowerCase(), expires])
        : JSON.stringify(['format', workspaceId, entryId, target.format, target.version ?? null, expires]);
    return createHmac('sha256', this.signatureKey).update(signed).digest('base64url');
  }

  /** The last workspace sealed and its seal (the same every time: its IV derives from it), for a request's many links. */
  private lastSeal?: { workspaceId: string; scope: string };

  private seal(workspaceId: string): string {
    if (this.lastSeal?.workspaceId === workspaceId) return this.lastSeal.scope;
    const scope = this.sealAnew(workspaceId);
    this.lastSeal = { workspaceId, scope };
    return scope;
  }

  private sealAnew(workspaceId: string): string {
    const iv = createHmac('sha256', this.scopeIvKey).update(workspaceId).digest().subarray(0, IV_BYTES);
    const cipher = createCipheriv('aes-256-ctr', this.scopeKey, iv);
    return Buffer.concat([iv, cipher.update(workspaceId, 'utf8'), cipher.final()]).toString('base64url');
  }

  /** The sealed workspace, or undefined when it cannot be one (its signature is still checked, to take as long). */
  private unseal(scope: string): string | undefined {
    const sealed = Buffer.from(scope, 'base64url');
    if (sealed.length <= IV_BYTES) return undefined;
    const decipher = createDecipheriv('aes-256-ctr', this.scopeKey, sealed.subarray(0, IV_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES)), decipher.final()]).toString('utf8');
  }
}
