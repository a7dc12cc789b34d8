import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { PACKED_JSON_DICTIONARY_V1 } from '../../migrations/support/packed-json-dictionary';

/**
 * Envelopes are stored packed: one tag byte naming the codec, then the codec's bytes. Tag 1 is raw deflate (zlib,
 * level 6) with the preset dictionary of migrations/support/packed-json-dictionary.ts, which takes a seed invoice's
 * 1.4 KiB to about 360 bytes. Unpacking gives back the very text that was packed, so answers and digests do not
 * change. Two kinds of row hold the text itself, in the `data` column (see `storedJson`): one written before
 * packing and not packed yet, and one whose envelope is over PACKED_JSON_MAX_BYTES.
 */
const DEFLATE_WITH_DICTIONARY_V1 = 1;
const OPTIONS_V1 = { level: 6, dictionary: PACKED_JSON_DICTIONARY_V1 };

/**
 * Envelopes larger than this are stored as text. Packing is for the many small documents, where the tables'
 * own overhead makes every byte count; a large envelope already weighs about what it stores, and packing it would
 * cost milliseconds on the HTTP thread at every write and read (4 ms to unpack 900 KB naming 10,000 documents).
 */
export const PACKED_JSON_MAX_BYTES = 64 * 1024;

/** Whether `text` is stored packed (else as text). */
export const isPackedSize = (text: string): boolean =>
  text.length <= PACKED_JSON_MAX_BYTES && Buffer.byteLength(text) <= PACKED_JSON_MAX_BYTES;

export function packJson(text: string): Buffer {
  const body = deflateRawSync(Buffer.from(text, 'utf8'), OPTIONS_V1);
  return Buffer.concat([Buffer.of(DEFLATE_WITH_DICTIONARY_V1), body]);
}

export function unpackJson(packed: Uint8Array): string {
  const bytes = Buffer.isBuffer(packed) ? packed : Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength);
  if (bytes[0] !== DEFLATE_WITH_DICTIONARY_V1) throw new Error(`packed JSON with unknown codec tag ${bytes[0]}`);
  return inflateRawSync(bytes.subarray(1), { dictionary: PACKED_JSON_DICTIONARY_V1 }).toString('utf8');
}

export interface EnvelopeColumns {
  data: string;
  dataPacked: Buffer | null;
}

/** The columns that hold an envelope, `text`, in a row written now: packed, or as text when it is large. */
export function envelopeColumns(text: string): EnvelopeColumns {
  return isPackedSize(text) ? { data: '', dataPacked: packJson(text) } : { data: text, dataPacked: null };
}

/** The JSON text a row stores, packed (`data_packed`) or as text (`data`). Undefined when neither was read. */
export function storedJson(row: { data?: string | null; dataPacked?: Uint8Array | null }): string | undefined {
  if (row.dataPacked) return unpackJson(row.dataPacked);
  return row.data ?? undefined;
}
