/**
 * The seeded generator of the differential test: documents of every type the engine knows, across every
 * regime and the addons it knows, about 15% of them broken on purpose, a few bills with complements. The same seed and count always
 * give the same cases.
 */
import { allRegimes } from '../../src/document/regimes';
import type { Regime } from '../../src/document/tax/regime-def';
import { DOCUMENT_SCHEMAS, type DocumentType } from '../../src/document/base/schemas';
import type { JsonObject } from '../../src/document/base/types';
import { Random } from './random';
import { delivery, invoice, order, payment, status, type BillOptions } from './bills';
import { identityDocument, itemDocument, messageDocument, partyDocument } from './other-documents';
import { MUTATIONS, type Expectation } from './mutations';
import { addComplements } from './complements';
import { addVariations } from './variations';

export interface GeneratedCase {
  /** `<seed>/<index>`: enough to make the case again. */
  id: string;
  type: DocumentType;
  regime: string;
  addons: string[];
  /** What GOBL is expected to do with it. */
  expect: Expectation;
  /** The deliberate fault, when there is one. */
  mutation?: string;
  /** What the variations changed (variations.ts), when any. */
  varied?: string[];
  /** Sent as an envelope rather than a bare document. */
  envelope: boolean;
  input: JsonObject;
}

export interface GenerateOptions {
  seed: number | string;
  count: number;
  /** Document types to generate (default: all the engine knows). */
  types?: DocumentType[];
  /** Regime countries to draw from (default: all). */
  regimes?: string[];
  /** Declare the addons only the extended reference build has. */
  external?: boolean;
  /** Share of deliberately invalid documents. */
  invalidShare?: number;
}

/** How often each type is drawn: invoices most, as in real traffic. */
const WEIGHTS: Record<DocumentType, number> = {
  'bill/invoice': 10,
  'bill/order': 2,
  'bill/delivery': 2,
  'bill/payment': 2,
  'bill/status': 1,
  'org/party': 1,
  'org/item': 1,
  'note/message': 1,
  'tax/identity': 1,
};

function weightedType(rng: Random, types: DocumentType[]): DocumentType {
  const total = types.reduce((s, t) => s + WEIGHTS[t], 0);
  let x = rng.float() * total;
  for (const t of types) {
    x -= WEIGHTS[t];
    if (x < 0) return t;
  }
  return types[types.length - 1];
}

/** A version-7-shaped UUID from the generator, so that documents carry fixed ids. */
export function fixedUuid(rng: Random): string {
  const hex = (n: number) => rng.chars('0123456789abcdef', n);
  return `0190${hex(4)}-${hex(4)}-7${hex(3)}-${rng.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
}

function build(rng: Random, type: DocumentType, regime: Regime, external: boolean): JsonObject {
  const uuid = fixedUuid(rng);
  const opts: BillOptions = { regime, uuid, external };
  switch (type) {
    case 'bill/invoice':
      return invoice(rng, opts);
    case 'bill/order':
      return order(rng, opts);
    case 'bill/delivery':
      return delivery(rng, opts);
    case 'bill/payment':
      return payment(rng, opts);
    case 'bill/status':
      return status(rng, opts);
    case 'org/party':
      return partyDocument(rng, regime, uuid);
    case 'org/item':
      return itemDocument(rng, regime, uuid);
    case 'note/message':
      return messageDocument(rng, uuid);
    case 'tax/identity':
      return identityDocument(rng, regime);
  }
}

/** Wraps a document in an envelope, sometimes with a header of its own. */
function envelop(rng: Random, doc: JsonObject): JsonObject {
  const head: JsonObject = { uuid: fixedUuid(rng) };
  if (rng.chance(0.3)) head.tags = ['generated'];
  if (rng.chance(0.2)) head.meta = { origin: 'oracle' };
  return { $schema: 'https://gobl.org/draft-0/envelope', head, doc };
}

export function generateCase(seed: number | string, index: number, opts: Omit<GenerateOptions, 'seed' | 'count'> = {}): GeneratedCase {
  const rng = new Random(`${seed}/${index}`);
  const types = opts.types ?? [...DOCUMENT_SCHEMAS];
  const pool = opts.regimes ? allRegimes().filter((r) => opts.regimes!.includes(r.country)) : allRegimes();
  if (pool.length === 0) throw new Error(`no regime among ${opts.regimes?.join(', ')}`);
  const type = weightedType(rng, types);
  const regime = rng.pick(pool);
  const doc = build(rng, type, regime, opts.external ?? false);
  // Variations come from a sequence of their own too, and only change the documents they vary.
  const varied = addVariations(new Random(`${seed}/${index}/variations`), doc, type, regime, opts.external ?? false);
  let expect: Expectation = 'accept';
  let mutation: string | undefined;
  if (rng.chance(opts.invalidShare ?? 0.15)) {
    for (const m of rng.sample(MUTATIONS, MUTATIONS.length)) {
      if (m.apply(rng, doc, regime)) {
        expect = m.expect;
        mutation = m.name;
        break;
      }
    }
  }
  // Complements come from a sequence of their own, so that the rest of a seed's documents stay as they were.
  const complemented = addComplements(new Random(`${seed}/${index}/complements`), doc, type, regime);
  if (complemented?.broken && !mutation) {
    expect = 'refuse';
    mutation = complemented.broken;
  }
  const addons = Array.isArray(doc.$addons) ? (doc.$addons as string[]) : [];
  const envelope = type !== 'tax/identity' && rng.chance(0.2);
  return {
    id: `${seed}/${index}`,
    type,
    regime: regime.country,
    addons,
    expect,
    mutation,
    envelope,
    varied: varied?.kinds,
    input: envelope ? envelop(rng, doc) : doc,
  };
}

/** `count` cases of one seed. Each case depends on the seed and its index alone, so any can be remade. */
export function* generateCases(opts: GenerateOptions): Generator<GeneratedCase> {
  for (let i = 0; i < opts.count; i++) yield generateCase(opts.seed, i, opts);
}
