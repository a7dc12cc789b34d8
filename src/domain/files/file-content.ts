import { createHash, type Hash } from 'node:crypto';

/** SHA-256 of bytes held whole, hexadecimal: how a file's `hash` is written (ContentReceiver hashes them as they come). */
export const sha256Hex = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** Bytes of a content per stored chunk: a write or a read holds one chunk per row, never the whole file twice. */
export const FILE_CHUNK_BYTES = 1024 * 1024;

/** A file's bytes as received: in chunks of FILE_CHUNK_BYTES (the last may be shorter), with their size and SHA-256. */
export interface FileContent {
  chunks: Buffer[];
  size: number;
  /** SHA-256 of the bytes, hexadecimal. */
  hash: string;
}

/**
 * Takes a file's bytes as they arrive, hashing them on the way and copying them once into chunks of
 * FILE_CHUNK_BYTES, so that the pieces a stream delivers can be let go at once.
 */
export class ContentReceiver {
  private readonly sha256: Hash = createHash('sha256');
  private readonly chunks: Buffer[] = [];
  private current = Buffer.allocUnsafe(0);
  private filled = 0;
  size = 0;

  write(piece: Buffer): void {
    this.sha256.update(piece);
    this.size += piece.length;
    let offset = 0;
    while (offset < piece.length) {
      if (this.filled === this.current.length) {
        if (this.current.length > 0) this.chunks.push(this.current);
        this.current = Buffer.allocUnsafe(FILE_CHUNK_BYTES);
        this.filled = 0;
      }
      const copied = piece.copy(this.current, this.filled, offset);
      this.filled += copied;
      offset += copied;
    }
  }

  finish(): FileContent {
    if (this.filled > 0) this.chunks.push(this.current.subarray(0, this.filled));
    this.current = Buffer.allocUnsafe(0);
    this.filled = 0;
    return { chunks: this.chunks, size: this.size, hash: this.sha256.digest('hex') };
  }
}
