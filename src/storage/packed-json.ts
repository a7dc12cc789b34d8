import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { PACKED_JSON_DICTIONARY_V1 } from '../../migrations/support/packed-json-dictionary';

/**
 * Envelopes are stored packed: one tag byte naming the codec, then the codec's bytes. Tag 1 is raw deflate
 * (zlib, level 6) with the preset dictionary of migrations/support/packed-json-dictionary.ts, which takes a seed invoice's 1.4 KiB
 * to about 360 bytes. Unpacking gives back the very text that was packed, so answers and digests do not change.
 * A row written before packing holds its text in the `data` column instead (see `storedJson`).
 */
const DEFLATE_WITH_DICTIONARY_V1 = 1;
const OPTIONS_V1 = { level: 6, dictionary: PACKED_JSON_DICTIONARY_V1 };

export function packJson(text: string): Buffer {
  const body = deflateRawSync(Buffer.from(text, 'utf8'), OPTIONS_V1);
  const packed = Buffer.allocUnsafe(body.length + 1);
  packed[0] = DEFLATE_WITH_DICTIONARY_V1;
  body.copy(packed, 1);
  return packed;
}

export function unpackJson(packed: Uint8Array): string {
  const bytes = Buffer.isBuffer(packed) ? packed : Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength);
  if (bytes[0] !== DEFLATE_WITH_DICTIONARY_V1) throw new Error(`packed JSON with unknown codec tag ${bytes[0]}`);
  return inflateRawSync(bytes.subarray(1), { dictionary: PACKED_JSON_DICTIONARY_V1 }).toString('utf8');
}

/**
 * The JSON text a row stores, packed (`data_packed`) or, for a row written before packing and not yet packed by
 * `npm run migrate` or the service's background packing, as text (`data`). Undefined when neither was read.
 */
export function storedJson(row: { data?: string | null; dataPacked?: Uint8Array | null }): string | undefined {
  if (row.dataPacked) return unpackJson(row.dataPacked);
  return row.data ?? undefined;
}
