import { hash } from 'node:crypto';

/** What made a version or added a state: the API (`api`), or a job's step (`transform`, with the step's intent). */
export interface ChangeSource {
  src: string;
  /** The object of `src` that made it: a job step's intent. */
  srcId?: string;
}

/** The API's own changes, through the REST and GraphQL routes. */
export const API_SOURCE: ChangeSource = { src: 'api' };

/** One version of an entry's envelope (the contract's SiloDataVersion), without the envelope itself. */
export interface EntryVersion extends ChangeSource {
  /** Content-derived: the first 10 hexadecimal characters of the SHA-256 of the envelope as stored. */
  version: string;
  at: Date;
  invalid: boolean;
  signed: boolean;
}

/** A state an entry went through (the contract's SiloState); the newest one is the entry's `state`. */
export interface EntryState extends ChangeSource {
  id: string;
  entryId: string;
  key: string;
  notes?: string;
  meta?: Record<string, string>;
  /** When the state holds from: its place among the entry's states (unique per entry). */
  at: Date;
  createdAt: Date;
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
  ...API_SOURCE,
});
