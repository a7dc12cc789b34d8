import type { Envelope } from '../../../document';
import type { EntryVersion } from './entry-history';
import type { EntryRef } from './entry-ref';
import type { SignatureVerdict } from '../../../signing/signature-verdict';

export type { SignatureCheck, SignatureVerdict, SignerKind } from '../../../signing/signature-verdict';

export interface EntryDigest {
  alg: string;
  val: string;
}

export interface EntryFault {
  provider: string;
  code: string;
  message: string;
  paths: string[];
}

/** An earlier content of a file, kept when the file was replaced; downloadable by its id. */
export interface FileVersion {
  id: string;
  createdAt: Date;
  hash: string;
  size: number;
}

/** A file of an entry (the contract's SiloFile); its bytes are a content of the blob store. */
export interface Attachment {
  id: string;
  entryId: string;
  name: string;
  desc?: string;
  key?: string;
  category?: string;
  mime: string;
  size: number;
  /** SHA-256 of the bytes, hexadecimal. */
  hash: string;
  stored: boolean;
  embeddable?: boolean;
  private?: boolean;
  url?: string;
  meta?: Record<string, unknown>;
  /** The content holding the current bytes. */
  contentId?: string;
  /** Earlier contents, newest first. */
  previous?: FileVersion[];
  createdAt: Date;
}

export interface Meta {
  entryId: string;
  src: string;
  key: string;
  value?: Record<string, unknown>;
  ref?: string;
  ownerId?: string;
  owned: boolean;
  indexed: boolean;
  secure: boolean;
  shared: boolean;
  linkScope?: string;
  linkUrl?: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Excerpt of a document shown in lists; `title` is always present. */
export interface Snippet {
  title: string;
  [field: string]: unknown;
}

/** A stored document of a workspace. `data` is present only when it was asked for. */
export interface Entry {
  workspaceId: string;
  id: string;
  key?: string;
  folder: string;
  docSchema: string;
  envSchema: string;
  state?: string;
  signed: boolean;
  /**
   * For a signed entry, what was verified of its signatures; absent when unsigned, or signed before the
   * service kept this (all its signatures were verified then).
   */
  signature?: SignatureVerdict;
  invalid: boolean;
  digest: EntryDigest;
  snippet: Snippet;
  /** What the list sorts it by amount on: ten-thousandths of its payable total (sort-amount.ts); absent without one. */
  sortAmount?: number;
  tags: string[];
  attachments: Attachment[];
  meta: Meta[];
  faults: EntryFault[];
  createdAt: Date;
  updatedAt: Date;
  /** The id of the current version of the envelope (see entry-history.ts). */
  version?: string;
  /** Every version, newest first; read with the entry (an entry never changed has one). */
  versions?: EntryVersion[];
  /** The envelope as an object, when it has been read as one. */
  data?: Envelope;
  /**
   * The envelope as the JSON text that is stored: what a create makes and a single fetch reads. It passes
   * through to the REST answer without being parsed or written again.
   */
  dataJson?: string;
  /** The documents this one names (see references-of.ts), as a create found them; stored with the entry. */
  refs?: EntryRef[];
  /** In a related list only: how the entry is related to the UUID asked for (an EntryRef context, or `uuid`). */
  context?: string;
}

/** The envelope as stored JSON text, whichever form the entry holds it in. */
export const storedJsonOf = (entry: Entry): string | undefined =>
  entry.dataJson ?? (entry.data === undefined ? undefined : JSON.stringify(entry.data));

/** The envelope as an object, parsed from its text the first time it is asked for. */
export function envelopeOf(entry: Entry): Envelope | undefined {
  if (entry.data === undefined && entry.dataJson !== undefined) entry.data = JSON.parse(entry.dataJson) as Envelope;
  return entry.data;
}

/** True when the entry carries a signature that this workspace did not make: a document received as it came. */
export const isReceivedSigned = (entry: { signature?: SignatureVerdict }): boolean =>
  entry.signature?.sigs.some((sig) => sig.by !== 'workspace') ?? false;

export const metaId = (meta: Meta) => `${meta.entryId}:${meta.src}:${meta.key}`;
