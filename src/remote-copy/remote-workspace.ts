import { digestOf } from '../document/head/header';
import type { JsonObject } from '../document/base/types';
import { EXPORT_FORMAT, EXPORT_VERSION } from '../domain/transfer/entry-export';
import { present } from '../domain/entries/model/entry-summary';
import { sha256Hex } from '../domain/files/file-content';
import type { EntryLine, FileLine, FileVersionLine, HeaderLine } from './export-lines';
import { RemoteStatusError, type RemoteClient } from './remote-client';

/** The hosted API's largest page. */
export const PAGE_SIZE = 100;

/** How many versions an entry's answer lists at most (the newest): an entry with more cannot be copied whole. */
const VERSIONS_LISTED = 100;

/** An entry the remote could not give whole or whose parts do not check: it is not written, and the report says why. */
export class EntryFailure extends Error {}

/** The remote is not a silo v1 API at all (no entry list where one should be). */
export class NotSiloError extends Error {}

export interface EntrySummary {
  id: string;
  digest: { alg: string; val: string };
}

export interface ListPage {
  entries: EntrySummary[];
  nextCursor?: string;
}

// A remote service's answers, read field by field; every value is checked again where it is stored (the import's checks).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/**
 * A workspace of a remote silo v1 API, read through its public routes only: the list (oldest first), each entry
 * with its data, versions, states, meta rows and files. The remote's token decides the workspace; `workspace` names
 * it in the file.
 */
export class RemoteWorkspace {
  constructor(
    readonly client: RemoteClient,
    readonly workspace: string,
    private readonly service: string,
    /** Entries per list page: the hosted API's largest unless told. */
    private readonly pageSize = PAGE_SIZE,
  ) {}

  header(): HeaderLine {
    return {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      service: this.service,
      workspace: this.workspace,
      exported_at: new Date().toISOString(),
      files: 'inline',
      origin: this.client.baseUrl.href.replace(/\/$/, ''),
    };
  }

  /** One page of the list, oldest first, from `cursor` (the first page without one). */
  async page(cursor: string | undefined): Promise<ListPage> {
    const url = this.client.route('silo/v1/entries', { ascending: 'true', limit: String(this.pageSize), cursor });
    let answer: Json;
    try {
      answer = await this.client.json<Json>(url);
    } catch (error) {
      if (error instanceof RemoteStatusError && (error.status === 404 || error.status === 405 || error.message.endsWith('not JSON'))) {
        throw new NotSiloError(`${this.client.baseUrl.href} is not a silo v1 API: ${error.message} (check --base-url)`);
      }
      throw error;
    }
    if (!Array.isArray(answer?.list)) {
      throw new NotSiloError(`${this.client.baseUrl.href} is not a silo v1 API: GET ${url.href} has no "list" (check --base-url)`);
    }
    return {
      entries: answer.list.map((e: Json) => ({ id: e.id, digest: e.digest })),
      nextCursor: typeof answer.next_cursor === 'string' && answer.next_cursor !== '' ? answer.next_cursor : undefined,
    };
  }

  /** The whole list again, ids and digests only: what the copy is verified against. */
  async *summaries(): AsyncGenerator<EntrySummary> {
    let cursor: string | undefined;
    do {
      const page = await this.page(cursor);
      yield* page.entries;
      // A page whose cursor does not move would repeat for ever.
      if (page.nextCursor === cursor) break;
      cursor = page.nextCursor;
    } while (cursor !== undefined);
  }

  /**
   * An entry as a line of the export format; EntryFailure when it cannot be copied whole: a part missing (404),
   * too large to be sent (413) or refused by the remote once the client's retries are spent. A refused token or
   * an unreachable remote is thrown as it is: they stop the copy, not just this entry.
   */
  async entryLine(id: string, notes: string[] = []): Promise<EntryLine> {
    try {
      return await this.readEntry(id, notes);
    } catch (error) {
      if (error instanceof RemoteStatusError) throw new EntryFailure(error.message);
      throw error;
    }
  }

  private async readEntry(id: string, notes: string[]): Promise<EntryLine> {
    const path = `silo/v1/entries/${encodeURIComponent(id)}`;
    const e = await this.readOne<Json>(this.client.route(path), 'the entry');
    if (typeof e.data !== 'object' || e.data === null) throw new EntryFailure('the remote sent the entry without its data');
    const envelope = JSON.stringify(e.data);
    const digest = digestOf((e.data.doc ?? {}) as JsonObject);
    if (digest.alg !== e.digest?.alg || digest.val !== e.digest?.val) {
      throw new EntryFailure(`its envelope's document has digest ${digest.val}, the entry says ${e.digest?.val}`);
    }

    // Oldest first in the file; the list is newest first. A remote without versions has the current one only.
    const listed: Json[] =
      Array.isArray(e.versions) && e.versions.length > 0
        ? [...e.versions].reverse()
        : [{ version: e.version, at: e.updated_at, invalid: e.invalid, signed: e.signed, src: 'api' }];
    if (listed.length >= VERSIONS_LISTED)
      notes.push(`the remote lists ${listed.length} versions, its newest: any older ones were not copied`);
    const versions: EntryLine['versions'] = [];
    for (const v of listed) {
      let text = envelope;
      if (v.version !== e.version) {
        const answer = await this.readOne<Json>(
          this.client.route(`${path}/versions/${encodeURIComponent(v.version)}`),
          `version ${v.version}`,
        );
        if (typeof answer.data !== 'object' || answer.data === null) throw new EntryFailure(`version ${v.version} came without its data`);
        text = JSON.stringify(answer.data);
      }
      versions.push({
        version: v.version,
        at: v.at,
        invalid: Boolean(v.invalid),
        signed: Boolean(v.signed),
        src: v.src ?? 'api',
        envelope: text,
      });
    }

    const stateList = (await this.readOne<Json>(this.client.route(`${path}/states`), 'its states')).list ?? [];
    const states = [...(stateList as Json[])]
      .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0))
      // The API shows a state's moment (`at`) as its created_at; when it was recorded is not shown.
      .map((s) => present({ id: s.id, key: s.key, notes: s.notes, meta: s.meta, src: s.src, at: s.created_at, created_at: s.created_at }));

    const meta = ((e.meta ?? []) as Json[]).map((m) =>
      present({
        src: m.src,
        key: m.key,
        value: m.value,
        ref: m.ref,
        owner_id: m.owner_id,
        owned: Boolean(m.owned),
        indexed: Boolean(m.indexed),
        secure: Boolean(m.secure),
        shared: Boolean(m.shared),
        link_scope: m.link_scope,
        link_url: m.link_url,
        created_at: m.created_at,
        updated_at: m.updated_at,
      }),
    );

    const files: FileLine[] = [];
    for (const a of (e.attachments ?? []) as Json[]) files.push(await this.fileLine(id, a));

    return present({
      type: 'entry',
      id: e.id,
      key: e.key,
      folder: e.folder,
      created_at: e.created_at,
      updated_at: e.updated_at,
      state: e.state,
      doc_schema: e.doc_schema,
      env_schema: e.env_schema,
      signed: Boolean(e.signed),
      invalid: Boolean(e.invalid),
      digest: { alg: e.digest.alg, val: e.digest.val },
      version: e.version,
      snippet: e.snippet ?? {},
      tags: e.tags ?? [],
      faults: e.faults ?? [],
      signature: e.signature,
      envelope,
      versions,
      states,
      meta,
      files,
    }) as unknown as EntryLine;
  }

  private async fileLine(entryId: string, a: Json): Promise<FileLine> {
    const filePath = `silo/v1/entries/${encodeURIComponent(entryId)}/files/${encodeURIComponent(a.id)}`;
    let previous: Json[] | undefined = a.previous;
    if (previous === undefined) {
      // An entry's attachments may leave out earlier versions (this service's do); the file's description has them.
      try {
        previous = (await this.client.json<Json>(this.client.route(`${filePath}/meta`))).previous;
      } catch (error) {
        if (!(error instanceof RemoteStatusError && (error.status === 404 || error.status === 405))) throw error;
      }
    }
    const versions: FileVersionLine[] = [];
    for (const p of previous ?? []) {
      let data: string | undefined;
      try {
        data = (
          await this.checkedBytes(
            this.client.route(`silo/v1/entries/${encodeURIComponent(entryId)}/files/${encodeURIComponent(p.id)}`),
            p.hash,
            p.size,
            `file ${a.id} version ${p.id}`,
          )
        ).toString('base64');
      } catch (error) {
        // A version whose bytes the remote no longer has is copied as a description only.
        if (!(error instanceof RemoteStatusError && error.status === 404)) throw error;
      }
      versions.push(present({ id: p.id, created_at: p.created_at, sha256: p.hash, size: p.size, data }) as unknown as FileVersionLine);
    }
    let data: string | undefined;
    if (a.stored !== false) {
      // The url may be relative to the remote, or absolute (a signed link, or another host).
      const url = typeof a.url === 'string' && a.url !== '' ? new URL(a.url, this.client.baseUrl) : this.client.route(filePath);
      data = (await this.fileBytes(url, this.client.route(filePath), a)).toString('base64');
    }
    return present({
      id: a.id,
      name: a.name,
      desc: a.desc,
      key: a.key,
      category: a.category,
      mime: a.mime,
      size: a.size,
      sha256: a.hash,
      stored: a.stored !== false,
      embeddable: a.embeddable || undefined,
      private: a.private || undefined,
      meta: a.meta,
      created_at: a.created_at,
      data,
      previous: versions,
    }) as unknown as FileLine;
  }

  /** A file's bytes by its url; a signed link that expired or was refused is read again through the token's route. */
  private async fileBytes(url: URL, tokenRoute: URL, a: Json): Promise<Buffer> {
    try {
      return await this.checkedBytes(url, a.hash, a.size, `file ${a.id}`);
    } catch (error) {
      if (error instanceof RemoteStatusError && error.status === 403 && url.href !== tokenRoute.href) {
        return this.checkedBytes(tokenRoute, a.hash, a.size, `file ${a.id}`);
      }
      throw error;
    }
  }

  private async checkedBytes(url: URL, hash: string, size: number, what: string): Promise<Buffer> {
    const bytes = await this.client.bytes(url);
    if (bytes.length !== size) throw new EntryFailure(`${what}: ${bytes.length} bytes downloaded, the remote says ${size}`);
    const actual = sha256Hex(bytes);
    if (actual !== String(hash).toLowerCase()) throw new EntryFailure(`${what}: the bytes have sha256 ${actual}, the remote says ${hash}`);
    return bytes;
  }

  /** A JSON answer of the entry's routes, a refusal naming what was read. */
  private async readOne<T>(url: URL, what: string): Promise<T> {
    try {
      return await this.client.json<T>(url);
    } catch (error) {
      if (error instanceof RemoteStatusError) throw new EntryFailure(`${what}: ${error.message}`);
      throw error;
    }
  }
}
