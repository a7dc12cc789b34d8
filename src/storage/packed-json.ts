import { promisify } from 'node:util';
import { deflateRaw, deflateRawSync, inflateRaw, inflateRawSync } from 'node:zlib';
import { PACKED_JSON_DICTIONARY_V1 } from '../../migrations/support/packed-json-dictionary';

/**
 * Envelopes are stored packed: one tag byte naming the codec, then the codec's bytes. Tag 1 is raw deflate
 * (zlib, level 6) with the preset dictionary of migrations/support/packed-json-dictionary.ts, which takes a seed invoice's 1.4 KiB
 * to about 360 bytes. Unpacking gives back the very text that was packed, so answers and digests do not change.
 * A row written before packing holds its text in the `data` column instead (see `storedJson`).
 */
const DEFLATE_WITH_DICTIONARY_V1 = 1;
const OPTIONS_V1 = { level: 6, dictionary: PACKED_JSON_DICTIONARY_V1 };

const deflateRawAsync = promisify(deflateRaw);
const inflateRawAsync = promisify(inflateRaw);

/**
 * Above these sizes zlib runs on libuv's thread pool rather than on the HTTP thread: a 2 MB envelope takes 20 ms
 * and more to pack, which would hold every other tenant's requests. Below them the hop costs more than it saves.
 */
const PACK_OFF_THREAD_TEXT_BYTES = 256 * 1024;
const UNPACK_OFF_THREAD_PACKED_BYTES = 32 * 1024;

const tagged = (body: Buffer): Buffer => Buffer.concat([Buffer.of(DEFLATE_WITH_DICTIONARY_V1), body]);

function codecBody(packed: Uint8Array): Buffer {
  const bytes = Buffer.isBuffer(packed) ? packed : Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength);
  if (bytes[0] !== DEFLATE_WITH_DICTIONARY_V1) throw new Error(`packed JSON with unknown codec tag ${bytes[0]}`);
  return bytes.subarray(1);
}

export function packJson(text: string): Buffer {
  return tagged(deflateRawSync(Buffer.from(text, 'utf8'), OPTIONS_V1));
}

export function unpackJson(packed: Uint8Array): string {
  return inflateRawSync(codecBody(packed), { dictionary: PACKED_JSON_DICTIONARY_V1 }).toString('utf8');
}

/** packJson, off the HTTP thread (on libuv's thread pool) for a large text. */
export async function packJsonForWrite(text: string): Promise<Buffer> {
  if (text.length < PACK_OFF_THREAD_TEXT_BYTES) return packJson(text);
  return tagged(await deflateRawAsync(Buffer.from(text, 'utf8'), OPTIONS_V1));
}

/**
 * Turns a row read with its envelope packed into one that holds it as text, unpacked off the HTTP thread when it
 * is large; the mappers then read it synchronously (storedJson).
 */
export async function unpackedRow<T extends { data?: string | null; dataPacked?: Uint8Array | null }>(row: T): Promise<T> {
  const packed = row.dataPacked;
  if (!packed || packed.byteLength < UNPACK_OFF_THREAD_PACKED_BYTES) return row;
  const text = (await inflateRawAsync(codecBody(packed), { dictionary: PACKED_JSON_DICTIONARY_V1 })).toString('utf8');
  return { ...row, data: text, dataPacked: null };
}

/**
 * The JSON text a row stores, packed (`data_packed`) or, for a row written before packing and not yet packed by
 * `npm run migrate` or the service's background packing, as text (`data`). Undefined when neither was read.
 */
export function storedJson(row: { data?: string | null; dataPacked?: Uint8Array | null }): string | undefined {
  if (row.dataPacked) return unpackJson(row.dataPacked);
  return row.data ?? undefined;
}
