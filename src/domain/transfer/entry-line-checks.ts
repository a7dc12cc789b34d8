import type { Envelope, JsonObject } from '../../document';
import { digestOf } from '../../document/head/header';
import type { SigningKeys } from '../../signing/signing-keys';
import { FOLDER_PATTERN } from '../entries/model/folders';
import { fieldMessages, isObject, keyProblem } from '../entries/model/create-entry.input';
import { UUID_PATTERN } from '../shared/uuid';
import type { Attachment, Meta, SignatureVerdict } from '../entries/model/entry';
import { legacyVersionOf, versionOf, type EntryState } from '../entries/model/entry-history';
import { checkUpsert as checkMetaUpsert } from '../meta/entry-meta.service';
import { parseStateInput } from '../entries/model/entry-state';
import { checkReceivedSignatures } from '../documents/envelope-signing';
import { DomainError } from '../shared/errors';
import { checkUpload as checkFileUpload } from '../files/files.service';
import { parseJsonText } from '../shared/json-text';

/**
 * The checks an import line passes so that it stores nothing the API would refuse (issue 39): the API's own
 * rules for ids, keys, folders, states, meta rows and files, the create's strict JSON parser for every envelope
 * text, and what the service works out itself (digests, version ids, signature verdicts) worked out again here
 * rather than taken from the file.
 */

/** Why a line is refused: its message is the reason the import reports with the line's number. */
export class LineRefusal extends Error {}

const refuse = (reason: string): never => {
  throw new LineRefusal(reason);
};

/** A DomainError of an API rule, said as a line's reason: `where` names the part of the line. */
function asRefusal<T>(where: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const fields = error.details.fields;
    if (fields && Object.keys(fields).length > 0) return refuse(fieldMessages(fields, where).join('; '));
    const label = where.replace(/\.$/, '');
    return refuse(label === '' ? error.message : `${label}: ${error.message}`);
  }
}

/** Refuses an id that is not a UUID, as every API route does; the stored form is lowercase, as a create's. */
export function checkUuid(id: string, where: string): string {
  if (!UUID_PATTERN.test(id)) refuse(`${where} must be a UUID`);
  return id.toLowerCase();
}

/**
 * An envelope text read by the parser of a create body (no key twice in an object, no inexact number, not too
 * deep), holding a document: a first-wins reader must not find another document than the digest covers.
 */
export function parseEnvelopeText(text: string, where: string): Envelope {
  const envelope = asRefusal(`${where}envelope.`, () => {
    try {
      return parseJsonText(text);
    } catch (error) {
      if (error instanceof DomainError) throw new DomainError(error.key, error.message.replace('the request body', 'the text'));
      throw error;
    }
  });
  if (!isObject(envelope) || !isObject(envelope.doc) || !isObject(envelope.head)) return refuse(`${where}envelope has no head or doc`);
  return envelope as unknown as Envelope;
}

/** The entry's id is its envelope's uuid (a create makes it so), and the header's digest is the document's. */
export function checkEnvelopeHead(id: string, envelope: Envelope, where: string): void {
  const head = envelope.head as unknown as Record<string, unknown>;
  if (typeof head.uuid !== 'string' || head.uuid.toLowerCase() !== id) refuse(`${where}envelope head.uuid is not the entry's id`);
  const digest = digestOf(envelope.doc as JsonObject);
  const dig = head.dig as Record<string, unknown> | undefined;
  if (!isObject(dig) || dig.alg !== digest.alg || dig.val !== digest.val)
    refuse(`${where}envelope head.dig differs from its document's digest (${digest.alg}:${digest.val})`);
}

/**
 * The id of a version, worked out from its text: the given one when it is that text's (or, for an envelope stored
 * before versions existed, its document's legacy id); else refused, or with `recompute` (a migration, whose texts
 * are the remote's data written again) replaced by the text's own.
 */
export function versionIdOf(text: string, envelope: Envelope, given: string, options: { recompute: boolean; where: string }): string {
  const computed = versionOf(text);
  if (given === computed || given === legacyVersionOf(digestOf(envelope.doc as JsonObject).val)) return given;
  if (options.recompute) return computed;
  return refuse(`${options.where}version ${given} is not the version of its envelope (${computed})`);
}

export const checkEntryKey = (key: string | undefined): void => {
  const problem = key === undefined ? undefined : keyProblem(key);
  if (problem) refuse(`key ${problem}`);
};

export const checkFolder = (folder: string): void => {
  if (!FOLDER_PATTERN.test(folder)) refuse(`folder must match ${FOLDER_PATTERN.source}`);
};

/** A source name (of a state, a meta row, a version) as the API's keys are, and as short as its column. */
const checkSource = (src: string, where: string): void => {
  const problem = keyProblem(src) ?? (src.length > 64 ? 'must be at most 64 characters' : undefined);
  if (problem) refuse(`${where}src ${problem}`);
};

/** Each state as a POST of it would be checked, with a UUID id and a moment no other state of the line holds. */
export function checkStates(states: EntryState[]): void {
  const moments = new Set<number>();
  states.forEach((state, i) => {
    const where = `states[${i}].`;
    checkUuid(state.id, `${where}id`);
    checkSource(state.src, where);
    asRefusal(where, () => parseStateInput({ key: state.key, notes: state.notes, meta: state.meta }));
    if (moments.has(state.at.getTime())) refuse(`${where}at ${state.at.toISOString()}: another state of the entry holds that moment`);
    moments.add(state.at.getTime());
  });
}

/** Each meta row as a PUT of it would be checked, and once per source and key. */
export function checkMeta(rows: Meta[]): void {
  const seen = new Set<string>();
  rows.forEach((m, i) => {
    const where = `meta[${i}].`;
    checkSource(m.src, where);
    const problem = keyProblem(m.key);
    if (problem) refuse(`${where}key ${problem}`);
    asRefusal(where, () =>
      checkMetaUpsert({
        ref: m.ref,
        value: m.value,
        url: m.linkUrl,
        scope: m.linkScope,
        owned: m.owned,
        indexed: m.indexed,
        secure: m.secure,
        shared: m.shared,
      }),
    );
    const id = JSON.stringify([m.src, m.key]);
    if (seen.has(id)) refuse(`${where}key "${m.key}" of source "${m.src}" is in the line twice`);
    seen.add(id);
  });
}

/** Each file as an upload of it would be checked, with UUID ids, and each file and content once in the line. */
export function checkFiles(files: { file: Attachment; contentIds: string[] }[]): void {
  const fileIds = new Set<string>();
  const contentIds = new Set<string>();
  files.forEach(({ file, contentIds: ids }, i) => {
    const where = `files[${i}].`;
    checkUuid(file.id, `${where}id`);
    asRefusal(where, () =>
      checkFileUpload(
        {
          name: file.name,
          desc: file.desc,
          key: file.key,
          category: file.category,
          mime: file.mime,
          embeddable: file.embeddable,
          private: file.private,
          meta: file.meta,
        },
        { chunks: [], size: file.size, hash: file.hash },
        {},
      ),
    );
    if (fileIds.has(file.id)) refuse(`${where}id ${file.id} is in the line twice`);
    fileIds.add(file.id);
    for (const id of ids) {
      checkUuid(id, `${where}content id ${id}`);
      if (contentIds.has(id)) refuse(`${where}content id ${id} is in the line twice`);
      contentIds.add(id);
    }
  });
}

/**
 * What this service verifies of the envelope's signatures, with its own keys and SIGNING_TRUSTED_KEYS, for
 * `workspaceId`: the verdict a create of the same received envelope earns (one that is not a JWS, forged with a
 * key the service knows, or not of this envelope is refused). Whatever verdict the file states is not read.
 */
export function verdictHere(envelope: Envelope, keys: SigningKeys | undefined, workspaceId: string): SignatureVerdict | undefined {
  if (!Array.isArray(envelope.sigs) || envelope.sigs.length === 0) return undefined;
  try {
    return checkReceivedSignatures(envelope, keys, workspaceId);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return refuse(`envelope ${error.message}`);
  }
}

/** True when the envelope carries signatures: an entry's and a version's `signed`. */
export const isSigned = (envelope: Envelope): boolean => Array.isArray(envelope.sigs) && envelope.sigs.length > 0;
