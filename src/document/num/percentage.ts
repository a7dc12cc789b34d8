import { LRUCache } from 'lru-cache';
import { Amount, AmountError } from './amount';

const ONE = Amount.make(1, 0);
const HUNDRED = Amount.make(100, 0);

/**
 * Parsed percentages by their text. The texts come from clients, so only short ones are kept ("-12.3456%"
 * fits; a text padded with zeros to megabytes does not) and the oldest go first past a few hundred.
 */
const CACHE_MAX_ENTRIES = 500;
const CACHE_MAX_KEY_LENGTH = 24;
const CACHE = new LRUCache<string, Percentage>({ max: CACHE_MAX_ENTRIES });

/** What the percentage cache holds, for tests and diagnostics. */
export const percentageCache = {
  size: (): number => CACHE.size,
  has: (text: string): boolean => CACHE.has(text),
  limits: { entries: CACHE_MAX_ENTRIES, keyLength: CACHE_MAX_KEY_LENGTH },
};

/**
 * A percentage held as its fraction: "21%" is the amount 0.21 (exp 2), "21.0%" is 0.210 (exp 3).
 * Keeping the fraction's decimals is what lets "21.0%" print back unchanged.
 */
export class Percentage {
  private constructor(readonly amount: Amount) {}

  static ofFraction(amount: Amount): Percentage {
    return new Percentage(amount);
  }

  /** From a number of percent points, e.g. 21 → 21%. */
  static fromPoints(points: Amount): Percentage {
    return new Percentage(points.rescale(points.exp + 2).divide(HUNDRED));
  }

  /** "21%", "21.0%" or a bare fraction such as "0.21". Percentages are immutable, so the few distinct short texts are cached. */
  static parse(text: string): Percentage {
    const cacheable = text.length <= CACHE_MAX_KEY_LENGTH;
    const cached = cacheable ? CACHE.get(text) : undefined;
    if (cached) return cached;
    let p: Percentage;
    if (text === '') p = new Percentage(Amount.zero(0));
    else if (text.endsWith('%')) p = Percentage.fromPoints(Amount.parse(text.slice(0, -1)));
    else p = new Percentage(Amount.parse(text));
    if (cacheable) CACHE.set(text, p);
    return p;
  }

  static from(json: unknown): Percentage | undefined {
    if (typeof json === 'string') return Percentage.parse(json.trim());
    if (typeof json === 'number') return Percentage.ofFraction(Amount.from(json) as Amount);
    if (json === null || json === undefined) return undefined;
    throw new AmountError('invalid percentage');
  }

  /** The percent points, e.g. 21.0 for 21.0%. */
  points(): Amount {
    return this.amount.multiply(HUNDRED).rescale(Math.max(this.amount.exp - 2, 0));
  }

  private text?: string;

  toString(): string {
    if (this.text === undefined) this.text = `${this.points().toString()}%`;
    return this.text;
  }

  toJSON(): string {
    return this.toString();
  }

  /** This percentage of `a`, at `a`'s decimals. */
  of(a: Amount): Amount {
    return a.multiply(this.amount);
  }

  /** 1 + the fraction, e.g. 1.21 for 21%. */
  factor(): Amount {
    return this.amount.add(ONE);
  }

  /** `a` without this percentage, supposing it was already added to it. */
  removeFrom(a: Amount): Amount {
    return a.divide(this.factor());
  }

  /** The part of `a` that this percentage added, supposing `a` includes it. */
  from(a: Amount): Amount {
    return a.subtract(a.divide(this.factor()));
  }

  rescale(exp: number): Percentage {
    return new Percentage(this.amount.rescale(exp));
  }

  negate(): Percentage {
    return new Percentage(this.amount.negate());
  }

  equals(p: Percentage): boolean {
    return this.amount.equals(p.amount);
  }

  compare(p: Percentage): number {
    return this.amount.compare(p.amount);
  }

  isZero(): boolean {
    return this.amount.isZero();
  }
}
