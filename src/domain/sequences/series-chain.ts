import { createHash } from 'node:crypto';
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import type { SigningKeys } from '../../signing/signing-keys';
import type { ChainLink } from './sequence-store';
import { codeOf, type Numbering, type SeriesEntry } from './series';

/**
 * The chain of a series: each entry's first signature is the service's compact JWS (ES256, the key's `kid` in its
 * header) over the entry's link: its series, id, index, code and time, the previous entry's id, and the SHA-256 of
 * the previous entry's signature. Changing, removing or inserting an entry breaks the signature of the next, so
 * anyone holding the service's JWKS (GET /.well-known/jwks.json) can check a whole series offline, with any JOSE
 * library: that is what ChainCheck does, with `jose`.
 */
export const SERIES_ENTRY_JWS_TYPE = 'series-entry+jws';

/** The signed payload of an entry's link (JSON member names are the wire's). */
interface LinkPayload {
  series_id: string;
  id: string;
  index: number;
  code: string;
  created_at: string;
  previous_id?: string;
  /** base64url SHA-256 of the previous entry's signature (its JWS text). */
  previous_sig_sha256?: string;
}

const digestOf = (jws: string) => createHash('sha256').update(jws).digest('base64url');
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function payloadOf(link: ChainLink): LinkPayload {
  return {
    series_id: link.seriesId,
    id: link.id,
    index: link.index,
    code: link.code,
    created_at: link.createdAt.toISOString(),
    previous_id: link.previousId,
    previous_sig_sha256: link.previousSig === undefined ? undefined : digestOf(link.previousSig),
  };
}

/** The service's JWS over an entry's link, with its active key. */
export function signLink(keys: SigningKeys, link: ChainLink): string {
  const input = `${encode({ alg: 'ES256', kid: keys.kid, typ: SERIES_ENTRY_JWS_TYPE })}.${encode(payloadOf(link))}`;
  return `${input}.${keys.sign(Buffer.from(input)).toString('base64url')}`;
}

/** Where a chain first breaks: the entry at fault (or the index where one is missing) and why. */
export interface ChainBreak {
  index: number;
  id?: string;
  reason: string;
}

/**
 * Checks a series' entries one after another, in index order, against the keys of `jwks`: the first entry is the
 * series' `start` (or follows `previous` when the check starts further on), each next index follows without a gap,
 * names the entry before it, carries the code its numbering gives, and is signed over exactly what it shows and the
 * previous signature.
 */
export class ChainCheck {
  private readonly keys: ReturnType<typeof createLocalJWKSet>;
  private last: SeriesEntry | undefined;
  checked = 0;

  constructor(
    jwks: JSONWebKeySet,
    private readonly numbering: Numbering & { seriesId: string },
    previous?: SeriesEntry,
  ) {
    this.keys = createLocalJWKSet(jwks);
    this.last = previous;
  }

  /** The next entry's verdict: undefined when it holds. */
  async next(entry: SeriesEntry): Promise<ChainBreak | undefined> {
    const fault = await this.faultOf(entry);
    if (fault) return { index: entry.index, id: entry.id, reason: fault };
    this.last = entry;
    this.checked += 1;
    return undefined;
  }

  /** A break when the series says it reaches `lastIndex` but the entries checked stopped before. */
  end(lastIndex: number | undefined): ChainBreak | undefined {
    const reached = this.last?.index;
    if (lastIndex === undefined || reached === lastIndex) return undefined;
    const missing = reached === undefined ? this.numbering.start : reached + 1;
    return { index: missing, reason: `the series' last index is ${lastIndex}, but there is no entry at index ${missing}` };
  }

  private async faultOf(entry: SeriesEntry): Promise<string | undefined> {
    const expected = this.last ? this.last.index + 1 : this.numbering.start;
    if (entry.index !== expected)
      return `index ${entry.index} where ${expected} was expected: ${entry.index > expected ? 'a gap' : 'a repeat'}`;
    if ((entry.previousId ?? undefined) !== this.last?.id)
      return `previous_id is ${entry.previousId ?? 'absent'}, but the entry before it is ${this.last?.id ?? 'none'}`;
    const code = codeOf(this.numbering, entry.index);
    if (entry.code !== code) return `code ${entry.code} where the series' numbering gives ${code}`;
    const [jws] = entry.sigs;
    if (jws === undefined) return 'no signature';
    let payload: LinkPayload;
    try {
      const verified = await compactVerify(jws, this.keys, { algorithms: ['ES256'] });
      payload = JSON.parse(new TextDecoder().decode(verified.payload)) as LinkPayload;
    } catch (error) {
      return `its signature does not verify with the published keys (${(error as Error).message})`;
    }
    const shown = payloadOf({
      seriesId: this.numbering.seriesId,
      id: entry.id,
      index: entry.index,
      code: entry.code,
      createdAt: entry.createdAt,
      previousId: entry.previousId,
      previousSig: this.last?.sigs[0],
    });
    const differing = (Object.keys(shown) as (keyof LinkPayload)[]).filter((name) => payload[name] !== shown[name]);
    if (differing.length > 0) return `its signature was made over other values of ${differing.join(', ')}`;
    return undefined;
  }
}
