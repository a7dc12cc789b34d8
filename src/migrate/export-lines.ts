/**
 * The lines of the export format, version 1 (README, "Moving data"), as a migration writes them. Export, import
 * and migration share the format; these are the shapes this side produces.
 */

export interface HeaderLine {
  format: 'silo-entries';
  version: 1;
  service: string;
  workspace: string;
  exported_at: string;
  files: 'inline' | 'dir';
  /** Only in a migration's file: the remote API it was read from. */
  origin?: string;
  since?: string;
  after?: string;
  count?: number;
}

export interface FileVersionLine {
  id: string;
  created_at: string;
  sha256: string;
  size: number;
  data?: string;
}

export interface FileLine {
  id: string;
  name: string;
  desc?: string;
  key?: string;
  category?: string;
  mime: string;
  size: number;
  sha256: string;
  stored: boolean;
  embeddable?: boolean;
  private?: boolean;
  meta?: Record<string, unknown>;
  created_at: string;
  content_id?: string;
  data?: string;
  previous: FileVersionLine[];
}

export interface EntryLine {
  type: 'entry';
  id: string;
  key?: string;
  folder: string;
  created_at: string;
  updated_at: string;
  state?: string;
  doc_schema: string;
  env_schema: string;
  signed: boolean;
  invalid: boolean;
  digest: { alg: string; val: string };
  version: string;
  snippet: Record<string, unknown>;
  tags: string[];
  faults: unknown[];
  signature?: unknown;
  /** The envelope as text, byte for byte what is stored. */
  envelope: string;
  versions: { version: string; at: string; invalid: boolean; signed: boolean; src: string; envelope: string }[];
  states: { id: string; key: string; notes?: string; meta?: Record<string, string>; src: string; at: string; created_at: string }[];
  meta: Record<string, unknown>[];
  files: FileLine[];
}

export interface EndLine {
  type: 'end';
  count: number;
}

export type ExportLine = HeaderLine | EntryLine | EndLine;
