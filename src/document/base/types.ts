/** Plain JSON values: the engine works on parsed JSON, never on class instances. */
export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

/** One problem found in a document; paths are JSON paths into the envelope, e.g. `$.doc.lines[0].item.price`. */
export interface Fault {
  code: string;
  message: string;
  paths: string[];
}

export interface Digest {
  [key: string]: Json;
  alg: 'sha256';
  val: string;
}

export interface Header {
  uuid: string;
  dig: Digest;
  [key: string]: Json;
}

export interface Envelope {
  $schema: string;
  head: Header;
  doc: JsonObject;
  sigs?: string[];
  [key: string]: Json | undefined;
}

/** What the engine may not make up by itself: identifiers and the clock are passed in. */
export interface ProcessContext {
  newUuid: () => string;
  now: Date;
}

/**
 * The outcome of processing uploaded data.
 * `ok` with an empty `faults` list is a valid document; `ok` with faults is a calculated but invalid one.
 * A rejection means the document could not be understood or calculated at all: `input` when a value cannot be
 * read as the type of its field (GOBL refuses such JSON while decoding it, before calculating); `marshal` when the
 * calculated document cannot be written back (a complement without `$schema`).
 */
export type ProcessResult =
  | { ok: true; envelope: Envelope; faults: Fault[] }
  | { ok: false; error: 'unknown-schema' | 'input' | 'calculation' | 'marshal'; message: string; faults: Fault[] };
