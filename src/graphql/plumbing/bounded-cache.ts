import type { DocumentStore } from '@apollo/server';
import type { DocumentNode, Token } from 'graphql';
import { LRUCache } from 'lru-cache';

/** Estimated heap of the parsed documents Apollo keeps, with graphql-jit's plans for them. */
export const DOCUMENT_STORE_BYTES = 48 * 1024 ** 2;
/** Query texts kept for automatic persisted queries (Apollo's `cache`, used for nothing else here). */
export const PERSISTED_QUERY_BYTES = 8 * 1024 ** 2;

/**
 * Heap per token of a parsed document and of its compiled plan, measured: a document holds about 400 bytes
 * per token; graphql-jit's plan for aliased pages about 1,200 more, and twice that once V8 has compiled it
 * to run (40 aliased pages, 1,800 tokens: about 5 MB in all). Apollo's own store counts a document's JSON,
 * a third of the document alone, and nothing for the plan.
 */
const BYTES_PER_TOKEN = 4_096;

/** Apollo's cache interface (`KeyValueCache`) over lru-cache, bounded by the sum of its entries' sizes. */
export interface BoundedCache<V> {
  get(key: string): Promise<V | undefined>;
  set(key: string, value: V, options?: { ttl?: number | null }): Promise<void>;
  delete(key: string): Promise<boolean>;
  /** Entries and their estimated bytes (for tests). */
  stats(): { entries: number; bytes: number };
}

export function boundedCache<V extends NonNullable<unknown>>(maxBytes: number, sizeOf: (value: V) => number): BoundedCache<V> {
  // Keys count too: they are hashes Apollo computes, but a key is never trusted to be short.
  const cache = new LRUCache<string, V>({
    maxSize: maxBytes,
    sizeCalculation: (value, key) => Math.max(1, sizeOf(value) + 2 * key.length),
  });
  return {
    get: async (key) => cache.get(key),
    async set(key, value, options) {
      // Apollo gives a ttl in seconds; an entry larger than the whole cache is simply not kept.
      cache.set(key, value, options?.ttl ? { ttl: options.ttl * 1000 } : undefined);
    },
    delete: async (key) => cache.delete(key),
    stats: () => ({ entries: cache.size, bytes: cache.calculatedSize }),
  };
}

/** Estimated heap of a parsed document and its plan: its tokens, and its text (string literals can be long). */
export function documentBytes(document: DocumentNode): number {
  const loc = document.loc;
  if (!loc) return 4 * Buffer.byteLength(JSON.stringify(document));
  let tokens = 0;
  for (let token: Token | null = loc.startToken; token; token = token.next) tokens++;
  return tokens * BYTES_PER_TOKEN + 2 * loc.source.body.length;
}

/** Apollo's document store, bounded by estimated heap rather than by JSON length. */
export const documentStore = (maxBytes = DOCUMENT_STORE_BYTES): DocumentStore & BoundedCache<DocumentNode> =>
  boundedCache(maxBytes, documentBytes);

/** Apollo's cache for automatic persisted queries: query texts, two bytes a character at most. */
export const persistedQueryCache = (maxBytes = PERSISTED_QUERY_BYTES): BoundedCache<string> =>
  boundedCache(maxBytes, (text: string) => 2 * text.length);
