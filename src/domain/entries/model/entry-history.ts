import { hash } from 'node:crypto';

/** One version of an entry's envelope (the contract's SiloDataVersion), without the envelope itself. */
export interface EntryVersion {
  /** Content-derived: the first 10 hexadecimal characters of the SHA-256 of the envelope as stored. */
  version: string;
  at: Date;
  invalid: boolean;
  signed: boolean;
  /** What made it: `api` for the REST and GraphQL routes, `transform` for a job's step. */
  src: string;
  /** The object of `src` that made it: a job step's intent. */
  srcId?: string;
}

/** A state an entry went through (the contract's SiloState); the newest one is the entry's `state`. */
export interface EntryState {
  id: string;
  entryId: string;
  key: string;
  notes?: string;
  meta?: Record<string, string>;
  /** What added it, as a version's `src`; `srcId` the object of it that did. */
  src: string;
  srcId?: string;
  /** When the state holds from: its place among the entry's states (unique per entry). */
  at: Date;
  createdAt: Date;
}

/** What makes a change: the API (`api`, the default), or a job's step (`transform`, with the step's intent). */
export interface ChangeSource {
  src: string;
  srcId?: string;
}

export const VERSION_LENGTH = 10;

/** The version id of an envelope: the start of the SHA-256 of its stored JSON text. */
export const versionOf = (envelopeJson: string): string => hash('sha256', envelopeJson, 'hex').slice(0, VERSION_LENGTH);

/**
 * The version id of an entry stored before versions existed (its `version` column is empty): the start of its
 * document digest. Stable, and readable without the envelope, so lists show it without reading any data.
 */
export const legacyVersionOf = (digestVal: string): string => digestVal.slice(0, VERSION_LENGTH).toLowerCase();

/** The one version of an entry that has never changed: the entry as it was created. */
export const firstVersionOf = (entry: { version?: string; createdAt: Date; invalid: boolean; signed: boolean }): EntryVersion => ({
  version: entry.version!,
  at: entry.createdAt,
  invalid: entry.invalid,
  signed: entry.signed,
  src: 'api',
});
