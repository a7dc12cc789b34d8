import DataLoader from 'dataloader';
import type { Envelope } from '../../document';
import { DataBudget, dataBudgetSpent, DEFAULT_PAGE_DATA_BUDGET, partsBudgetSpent, SliceClock, type ReadTurn } from '../../domain/runtime';
import type { Attachment, Entry, Meta } from '../../domain/entries/model/entry';
import type { EntryPartSizes, EntryVersionsShown } from '../../domain/entries/model/entry-store';
import type { EntryService } from '../../domain/entries/entries.service';
import type { EntryFormats } from '../../domain/formats/entry-formats';
import type { EinvoiceValidator } from '../../domain/formats/einvoice-validator';
import type { EinvoiceImports } from '../../domain/formats/einvoice-imports';
import type { EntryPdfFiles } from '../../domain/files/entry-pdf-file';
import type { EventsService } from '../../domain/events/events.service';
import type { FeedFollowers } from '../../domain/events/feed-follow';
import type { SearchService } from '../../domain/search/search';
import type { WebhooksService } from '../../domain/webhooks/webhooks.service';
import type { SequencesService } from '../../domain/sequences/sequences.service';
import type { WorkflowsService } from '../../domain/workflows/workflows.service';
import type { JobsService } from '../../domain/workflows/jobs.service';
import { tokenRequired } from '../../http/authentication';
import type { FileUrl, FormatUrl } from '../../http/file-urls';
import { HTTP_STATUS, refusalHeaders } from '../../http/refusal';
import type { Logger } from '../../logger';
import { graphQLErrorOf } from './format-error';

/** Batches per request: every `data` a page asks for is read in one call, not one per entry; sizes and parts likewise. */
export interface EntryLoaders {
  data: DataLoader<string, Envelope | null>;
  dataSize: DataLoader<string, number>;
  partSizes: DataLoader<string, EntryPartSizes>;
  attachments: DataLoader<string, Attachment[]>;
  meta: DataLoader<string, Meta[]>;
  /** The newest versions of each entry and their count; null for an entry never changed. */
  versions: DataLoader<string, EntryVersionsShown | null>;
  /** Entries by id as they are now, without data (`entry(id)`, an event's `entry`): read through entryOf. */
  entry: DataLoader<string, EntryRead>;
}

/** How the read of one entry by id ended: the entry, or what it threw. */
export type EntryRead = { entry: Entry; error?: undefined } | { entry?: undefined; error: unknown };

/** An entry by id through the request's loader: read once per request, refused as getEntry refuses. */
export async function entryOf(loaders: EntryLoaders, id: string): Promise<Entry> {
  const read = await loaders.entry.load(id);
  if (read.error !== undefined) throw read.error;
  return read.entry!;
}

/** The workspace's feed of events, and its followers in this process: what `events` and `entryEvents` read. */
export interface EventFeeds {
  service: EventsService;
  followers: FeedFollowers;
}

/** What every resolver gets: the workspace of the verified token, the request's id and logger, the service. */
export interface GraphQLContext {
  workspaceId: string;
  requestId: string;
  log: Logger;
  /** Aborts when the client goes away: a document still waiting for the engine is then dropped. */
  signal?: AbortSignal;
  entries: EntryService;
  /** Free-text search (absent where the server was built without it). */
  search?: SearchService;
  /** The feed of events (absent where the server was built without it). */
  feeds?: EventFeeds;
  /** The workspace's webhook endpoints (absent where the server was built without them). */
  webhooks?: WebhooksService;
  /** Attaches an entry's PDF to it as a file (absent where the server was built without files). */
  pdfFiles?: EntryPdfFiles;
  /** Writes entries' invoices in e-invoice formats (absent where the server was built without them). */
  formats?: EntryFormats;
  /** Validates received e-invoices by the official artefacts (absent where the server was built without it). */
  einvoices?: EinvoiceValidator;
  /** Stores received e-invoices as entries (absent where the server was built without it). */
  imports?: EinvoiceImports;
  /** Series of codes, workflows and their jobs (each absent where the server was built without it). */
  sequences?: SequencesService;
  workflows?: WorkflowsService;
  jobs?: JobsService;
  loaders: EntryLoaders;
  /** A file's `url` as REST shows it to the same request: absolute, and signed unless the file is private. */
  fileUrl: FileUrl;
  /** The signed, absolute address of an entry's invoice in a format at REST's route (Factur-X's PDF, downloaded without a token). */
  formatUrl: FormatUrl;
  /** What this request may still show of entries' `data`: every page and every entry that shows it shares it. */
  dataBudget: DataBudget;
  /**
   * An entry's data, paid for from the budget: by its page when listed, else here, measured before it is
   * read. Over the budget, the field's error says to read it in another request.
   */
  dataOf(entry: Entry): Promise<Envelope | null>;
  /**
   * An entry's files or listed meta rows, read for the whole page at once, each place they are shown paid for
   * from the same budget as `data` (their JSON bytes, measured before they are read); over it, the field's error
   * says to read them in another request.
   */
  attachmentsOf(entry: Entry): Attachment[] | Promise<Attachment[]>;
  metaOf(entry: Entry): Meta[] | Promise<Meta[]>;
  /**
   * Reads the part sizes of a page's entries in one query before their fields are resolved: each entry's
   * `attachments` and `meta` are then paid for at once, and an entry with none answers `[]` without waiting.
   */
  knowPartSizes(entries: readonly Entry[]): Promise<void>;
  /**
   * An entry the domain has just answered whole (a create): when it holds no files and no meta rows, its
   * `attachments` and `meta` answer `[]` without reading their sizes, as REST's answer shows them.
   */
  knowPartsOf(entry: Entry): void;
  /** The request's turn among heavy answers: taken once what it shows of files and meta is heavy, released once the answer is written. */
  readTurn: ReadTurn;
}

/** The services a context is built with besides the entries; each absent where the server was built without it. */
export type ContextServices = Pick<
  GraphQLContext,
  'search' | 'feeds' | 'webhooks' | 'pdfFiles' | 'formats' | 'einvoices' | 'imports' | 'sequences' | 'workflows' | 'jobs'
>;

/**
 * The context of one request. The router verified the token before Apollo ran; a request that reached
 * Apollo without a workspace (only the landing page may) is refused here, 401, before any operation runs.
 */
export function createContext(
  entries: EntryService,
  /**
   * `onHeavy`: the request's answer turned out heavy (it takes a read turn): see src/http/light-requests.ts.
   * `background`: work no client waits on as on a request (a subscription's event): its slices let light requests go first.
   */
  request: {
    workspaceId: string | undefined;
    requestId: string;
    log: Logger;
    signal?: AbortSignal;
    fileUrl: FileUrl;
    formatUrl: FormatUrl;
    onHeavy?: () => void;
    background?: boolean;
  },
  pageDataBudget = DEFAULT_PAGE_DATA_BUDGET,
  services: ContextServices = {},
): GraphQLContext {
  const { search, feeds, webhooks, pdfFiles, formats, einvoices, imports, sequences, workflows, jobs } = services;
  const { workspaceId, requestId, log, signal, fileUrl, formatUrl, onHeavy, background = false } = request;
  if (!workspaceId) {
    const error = tokenRequired();
    throw graphQLErrorOf(error, { status: HTTP_STATUS.unauthorized, headers: new Map(refusalHeaders(error)) });
  }
  const dataBudget = new DataBudget(pageDataBudget);
  const readTurn = entries.readTurn(workspaceId, signal, onHeavy);
  // Resolvers run as one chain of promise callbacks: forty aliases of an entry, each with its files, meta rows and
  // versions, would hold the thread from the first read to the last. Each loader lets others run once this request
  // has had its slice, before its batch (never before a load, which would split the batches).
  const clock = new SliceClock(() => background || readTurn.heavy);
  // The part sizes the partSizes loader has read, to be paid for without waiting (a request's entries: a few pages).
  const partSizesKnown = new Map<string, EntryPartSizes>();
  const pause = () => clock.pause();
  // Each loader is made when a field first asks for it: most requests use two or three of the seven.
  const loaders: EntryLoaders = new LazyLoaders({
    data: () =>
      new DataLoader(async (ids) => {
        await pause();
        const found = await entries.loadData(workspaceId, [...ids]);
        return ids.map((id) => found.get(id) ?? null);
      }),
    dataSize: () =>
      new DataLoader(async (ids) => {
        await pause();
        const sizes = await entries.dataSizes(workspaceId, [...ids]);
        return ids.map((id) => sizes.get(id) ?? 0);
      }),
    partSizes: () =>
      new DataLoader(async (ids) => {
        await pause();
        const sizes = await entries.partSizes(workspaceId, [...ids]);
        return ids.map((id) => {
          const sized = sizes.get(id) ?? { attachments: 0, meta: 0 };
          partSizesKnown.set(id, sized);
          return sized;
        });
      }),
    attachments: () =>
      new DataLoader(async (ids) => {
        await pause();
        const found = await entries.attachmentsOf(workspaceId, [...ids], await weightOf(ids, 'attachments'), readTurn.heavy);
        return ids.map((id) => found.get(id) ?? []);
      }),
    meta: () =>
      new DataLoader(async (ids) => {
        await pause();
        const found = await entries.metaOf(workspaceId, [...ids], await weightOf(ids, 'meta'), readTurn.heavy);
        return ids.map((id) => found.get(id) ?? []);
      }),
    versions: () =>
      new DataLoader(async (ids) => {
        await pause();
        const found = await entries.versionsOf(workspaceId, [...ids]);
        return ids.map((id) => found.get(id) ?? null);
      }),
    // One read per entry (the store has no read of rows by ids); the loader reads each id once per request, however
    // many fields ask for it (forty aliases of one entry are one read). Each id's read is settled as it ended, a
    // refusal or a database failure included, for entryOf to throw again as it came.
    entry: () =>
      new DataLoader(async (ids) => {
        await pause();
        return Promise.all(
          ids.map((id) =>
            entries.getEntry(workspaceId, id, { withData: false, withParts: false }).then(
              (entry): EntryRead => ({ entry }),
              (error: unknown): EntryRead => ({ error }),
            ),
          ),
        );
      }),
  });
  /** What the parts of entries weigh in all (their sizes are read before the parts are paid for). */
  const weightOf = async (ids: readonly string[], part: keyof EntryPartSizes): Promise<number> =>
    (await loaders.partSizes.loadMany(ids)).reduce((sum: number, sizes) => sum + (sizes instanceof Error ? 0 : sizes[part]), 0);
  /** Pays for showing `bytes` of a part; false when there are none (nothing to read), a promise while the read turn is awaited. */
  const payPart = (bytes: number, part: keyof EntryPartSizes): boolean | Promise<boolean> => {
    if (!dataBudget.payParts(bytes)) throw partsBudgetSpent(dataBudget, part);
    const turn = readTurn.show(bytes);
    return turn ? turn.then(() => bytes > 0) : bytes > 0;
  };
  /** An entry's part, paid for before it is read: now when its size is known and it has none. */
  const partOf = <T>(entry: Entry, part: keyof EntryPartSizes, loader: DataLoader<string, T[]>): T[] | Promise<T[]> => {
    const known = partSizesKnown.get(entry.id);
    const paid = known ? payPart(known[part], part) : loaders.partSizes.load(entry.id).then((sizes) => payPart(sizes[part], part));
    if (paid === false) return [];
    if (paid === true) return loader.load(entry.id);
    return paid.then((has) => (has ? loader.load(entry.id) : []));
  };
  return {
    workspaceId,
    requestId,
    log,
    signal,
    entries,
    search,
    feeds,
    webhooks,
    pdfFiles,
    formats,
    einvoices,
    imports,
    sequences,
    workflows,
    jobs,
    loaders,
    fileUrl,
    formatUrl,
    dataBudget,
    readTurn,
    async dataOf(entry) {
      if (!dataBudget.isPaid(entry)) {
        const bytes = await loaders.dataSize.load(entry.id);
        if (!dataBudget.pay(entry, bytes)) throw dataBudgetSpent(dataBudget);
      }
      return loaders.data.load(entry.id);
    },
    attachmentsOf(entry) {
      return partOf(entry, 'attachments', loaders.attachments);
    },
    metaOf(entry) {
      return partOf(entry, 'meta', loaders.meta);
    },
    async knowPartSizes(page) {
      // A failed read is the loader's to report again, field by field, as it would have without this.
      await loaders.partSizes.loadMany(page.map((entry) => entry.id));
    },
    knowPartsOf(entry) {
      if (entry.attachments.length === 0 && entry.meta.length === 0) partSizesKnown.set(entry.id, { attachments: 0, meta: 0 });
    },
  };
}

type LoaderMakers = { [K in keyof EntryLoaders]: () => EntryLoaders[K] };

/** A request's loaders, each made by its function when a field first asks for it, then kept. */
class LazyLoaders implements EntryLoaders {
  private readonly made: Partial<EntryLoaders> = {};
  constructor(private readonly makers: LoaderMakers) {}
  get data() {
    return (this.made.data ??= this.makers.data());
  }
  get dataSize() {
    return (this.made.dataSize ??= this.makers.dataSize());
  }
  get partSizes() {
    return (this.made.partSizes ??= this.makers.partSizes());
  }
  get attachments() {
    return (this.made.attachments ??= this.makers.attachments());
  }
  get meta() {
    return (this.made.meta ??= this.makers.meta());
  }
  get versions() {
    return (this.made.versions ??= this.makers.versions());
  }
  get entry() {
    return (this.made.entry ??= this.makers.entry());
  }
}
