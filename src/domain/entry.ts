import type { Envelope } from '../document';

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

export interface Attachment {
  id: string;
  entryId: string;
  name: string;
  desc?: string;
  mime: string;
  size: number;
  hash: string;
  stored: boolean;
  url?: string;
  meta?: Record<string, unknown>;
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
  invalid: boolean;
  digest: EntryDigest;
  snippet: Snippet;
  tags: string[];
  attachments: Attachment[];
  meta: Meta[];
  faults: EntryFault[];
  createdAt: Date;
  updatedAt: Date;
  data?: Envelope;
}

export const metaId = (meta: Meta) => `${meta.entryId}:${meta.src}:${meta.key}`;
