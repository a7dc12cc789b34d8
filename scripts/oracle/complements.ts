/**
 * Complements of GOBL's own types on a few bills and status lines: messages, parties, items, tax identities
 * and addresses, now and then a whole invoice, and some broken on purpose (no `$schema`, a value that does not
 * decode, a message without content; a party's tax ID with a bad check digit, unlabelled). Keys come in other cases at times and with
 * fields the type lacks, which GOBL's decoding folds and drops. They are drawn from a random sequence of their
 * own, so every other document of a seed stays as it was.
 */
import type { Regime } from '../../src/document/tax/regime-def';
import type { Json, JsonObject } from '../../src/document/base/types';
import type { Random } from './random';
import { SCHEMA, invoice } from './bills';
import { itemDocument, messageDocument, partyDocument } from './other-documents';
import { address, taxId } from './parties';

/** The share of bills (and status reports) that carry complements. */
const SHARE = 0.04;

export interface Complemented {
  /** The complements' own kinds, in order. */
  kinds: string[];
  /** Set when one of them is broken on purpose. */
  broken?: string;
}

/** A random v7-shaped UUID (as generate.ts's fixedUuid, from this sequence). */
function uuid(rng: Random): string {
  const hex = (n: number) => rng.chars('0123456789abcdef', n);
  return `0190${hex(4)}-${hex(4)}-7${hex(3)}-${rng.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
}

/** Now and then a key in another case, which GOBL reads as its field. */
function recase(rng: Random, node: JsonObject, key: string): void {
  if (node[key] === undefined || !rng.chance(0.2)) return;
  const value = node[key];
  delete node[key];
  node[rng.chance(0.5) ? key.toUpperCase() : key[0].toUpperCase() + key.slice(1)] = value;
}

/** A complement object: `$schema` first, the UUID kept, dropped or emptied, sometimes a field its type lacks. */
function typed(rng: Random, kind: string, body: JsonObject): JsonObject {
  const out: JsonObject = { $schema: `${SCHEMA}${kind}`, ...body };
  delete out.$regime;
  if (typeof out.uuid === 'string' && rng.chance(0.6)) delete out.uuid;
  if (rng.chance(0.15)) out.x_note = 'not a field';
  return out;
}

function complement(rng: Random, regime: Regime): { value: Json; kind: string; broken?: string } {
  const roll = rng.float();
  if (roll < 0.02) return { value: { title: 'no schema', content: 'x' }, kind: 'none', broken: 'complement without $schema' };
  if (roll < 0.04) {
    return {
      value: { $schema: `${SCHEMA}note/message`, uuid: 'zz', content: 'x' },
      kind: 'note/message',
      broken: 'complement uuid does not decode',
    };
  }
  if (roll < 0.08) return { value: { $schema: 'https://example.com/schemas/custom', Note: '', list: [] }, kind: 'unknown' };
  if (roll < 0.16) {
    const inv = invoice(rng, { regime, uuid: uuid(rng), external: false });
    if (rng.chance(0.5)) delete inv.uuid;
    return { value: inv, kind: 'bill/invoice' };
  }
  if (roll < 0.4) {
    const msg = typed(rng, 'note/message', messageDocument(rng, uuid(rng)));
    if (rng.chance(0.1)) {
      delete msg.content;
      return { value: msg, kind: 'note/message', broken: 'message complement without content' };
    }
    recase(rng, msg, 'title');
    return { value: msg, kind: 'note/message' };
  }
  if (roll < 0.6) {
    // A tax ID with a broken check digit: refused only in regimes that check their codes, so not labelled.
    const p = typed(rng, 'org/party', partyDocument(rng, regime, uuid(rng), rng.chance(0.1)));
    recase(rng, p, 'name');
    return { value: p, kind: 'org/party' };
  }
  if (roll < 0.8) {
    const item = typed(rng, 'org/item', itemDocument(rng, regime, uuid(rng)));
    recase(rng, item, 'price');
    return { value: item, kind: 'org/item' };
  }
  if (roll < 0.9) return { value: typed(rng, 'tax/identity', taxId(rng, regime.country)), kind: 'tax/identity' };
  const addr = typed(rng, 'org/address', address(rng, regime.country));
  recase(rng, addr, 'locality');
  return { value: addr, kind: 'org/address' };
}

/** Gives a few bills (and a status report's first line) complements; undefined when this one gets none. */
export function addComplements(rng: Random, doc: JsonObject, type: string, regime: Regime): Complemented | undefined {
  if (!rng.chance(SHARE)) return undefined;
  let target: JsonObject | undefined;
  if (type === 'bill/status') {
    const line = Array.isArray(doc.lines) ? doc.lines[0] : undefined;
    target = typeof line === 'object' && line !== null && !Array.isArray(line) ? line : undefined;
  } else if (type.startsWith('bill/')) {
    target = doc;
  }
  if (!target) return undefined;
  const made = Array.from({ length: rng.int(1, 3) }, () => complement(rng, regime));
  target.complements = made.map((m) => m.value);
  return { kinds: made.map((m) => m.kind), broken: made.find((m) => m.broken)?.broken };
}
