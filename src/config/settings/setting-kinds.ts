import { accepted, defineSetting, refused, type Defaulted, type Get, type Parsed, type Setting, type SettingSpec } from './setting';
import { formatDuration, formatSize, parseDuration, parseSize } from './units';

/** The docs' type column, when the kind's own words are not the clearest. */
interface Typed {
  type?: string;
}

/** A whole number from `min` (default 1) to `max`; `wording` replaces every problem's "must be ..." (PORT's "a port number"). */
export function integer<S extends SettingSpec<number> & Typed & { min?: number; max?: number; wording?: string }>(
  spec: S,
): Setting<Defaulted<S, number>> {
  const { name, wording, max } = spec;
  const min = spec.min ?? 1;
  const parse = (text: string): Parsed<number> => {
    const value = Number(text);
    const whole = /^\d+$/.test(text) && Number.isSafeInteger(value);
    const inBounds = whole && value >= min && (max === undefined || value <= max);
    if (inBounds) return accepted(value);
    if (wording !== undefined) return refused(`${name} must be ${wording}, got "${text}"`);
    if (!whole || (min === 1 && value < 1)) {
      return refused(
        `${name} must be ${min >= 1 ? 'a positive whole number' : max === undefined ? 'a whole number' : `a whole number from ${min} to ${max}`}, got "${text}"`,
      );
    }
    if (max === undefined) return refused(`${name} must be at least ${min}, got "${text}"`);
    return refused(`${name} must be ${min === 1 ? `at most ${max}` : `from ${min} to ${max}`}, got "${text}"`);
  };
  const type = spec.type ?? (max === undefined ? `whole number ≥ ${min}` : `whole number, ${min} to ${max}`);
  return defineSetting(spec, { type, parse }) as Setting<Defaulted<S, number>>;
}

/** A number of bytes: `8mb`, `512kb`, `1gb` or plain bytes, above 0. */
export function size<S extends SettingSpec<number> & Typed>(spec: S): Setting<Defaulted<S, number>> {
  const example = typeof spec.default === 'number' ? formatSize(spec.default) : '8mb';
  const parse = (text: string): Parsed<number> => {
    const bytes = parseSize(text);
    return bytes === undefined
      ? refused(`${spec.name} must be a size such as ${example}, 512kb or 1048576, got "${text}"`)
      : accepted(bytes);
  };
  return defineSetting(spec, { type: spec.type ?? 'size: `8mb`, `512kb` or bytes', parse, format: formatSize }) as Setting<
    Defaulted<S, number>
  >;
}

/** Milliseconds, written `24h`, `30m`, `60s`, `500ms`, `7d` or plain seconds, above 0 (and at least `atLeast`). */
export function duration<S extends SettingSpec<number> & Typed & { atLeast?: { ms: number; words: string } }>(
  spec: S,
): Setting<Defaulted<S, number>> {
  const { name, atLeast } = spec;
  const parse = (text: string): Parsed<number> => {
    const ms = parseDuration(text);
    if (ms === undefined) return refused(`${name} must be a duration such as 24h, 30m, 60s or 500ms, got "${text}"`);
    if (atLeast && ms < atLeast.ms) return refused(`${name} must be at least ${atLeast.words}`);
    return accepted(ms);
  };
  const type =
    spec.type ?? `duration: \`24h\`, \`30m\`, \`60s\`, \`500ms\` or seconds${atLeast ? `, at least ${formatDuration(atLeast.ms)}` : ''}`;
  return defineSetting(spec, { type, parse, format: formatDuration }) as Setting<Defaulted<S, number>>;
}

const TRUE_WORDS = ['true', '1', 'yes'];
const FALSE_WORDS = ['false', '0', 'no'];

/** `true` or `false` (also `1`/`0`, `yes`/`no`). */
export function boolean<S extends SettingSpec<boolean> & Typed>(spec: S): Setting<Defaulted<S, boolean>> {
  const parse = (text: string): Parsed<boolean> => {
    const word = text.toLowerCase();
    if (TRUE_WORDS.includes(word)) return accepted(true);
    if (FALSE_WORDS.includes(word)) return accepted(false);
    return refused(`${spec.name} must be true or false, got "${text}"`);
  };
  return defineSetting(spec, { type: spec.type ?? '`true` or `false`', parse }) as Setting<Defaulted<S, boolean>>;
}

/** A switch: `on` or `off` (also what a boolean takes). */
export function onOff<S extends SettingSpec<boolean> & Typed>(spec: S): Setting<Defaulted<S, boolean>> {
  const parse = (text: string): Parsed<boolean> => {
    const word = text.toLowerCase();
    if (word === 'on' || TRUE_WORDS.includes(word)) return accepted(true);
    if (word === 'off' || FALSE_WORDS.includes(word)) return accepted(false);
    return refused(`${spec.name} must be on or off, got "${text}"`);
  };
  return defineSetting(spec, { type: spec.type ?? '`on` or `off`', parse, format: (on) => (on ? 'on' : 'off') }) as Setting<
    Defaulted<S, boolean>
  >;
}

/** One word of `values`, in any case. */
export function oneOf<V extends string, S extends SettingSpec<V> & Typed>(values: readonly V[], spec: S): Setting<Defaulted<S, V>> {
  const parse = (text: string): Parsed<V> => {
    const word = text.toLowerCase() as V;
    return values.includes(word) ? accepted(word) : refused(`${spec.name} must be one of ${values.join(', ')}, got "${text}"`);
  };
  const type = spec.type ?? `one of ${values.map((v) => `\`${v}\``).join(', ')}`;
  return defineSetting<V>(spec, { type, parse }) as Setting<Defaulted<S, V>>;
}

/** Any text; `minBytes` for a secret too short to be one. */
export function text<S extends SettingSpec<string> & Typed & { minBytes?: number }>(spec: S): Setting<Defaulted<S, string>> {
  const { name, minBytes } = spec;
  const parse = (text: string): Parsed<string> =>
    minBytes !== undefined && Buffer.byteLength(text) < minBytes
      ? refused(`${name} must be at least ${minBytes} bytes long`)
      : accepted(text);
  const type = spec.type ?? (minBytes === undefined ? 'text' : `text, at least ${minBytes} bytes`);
  return defineSetting(spec, { type, parse }) as Setting<Defaulted<S, string>>;
}

/** A kind of its own (an address, a key, a list): its reader and the docs' words for it. Without a default, T must allow undefined. */
export function custom<T>(
  spec: SettingSpec<T> & { type: string; parse: (text: string) => Parsed<T> } & (undefined extends T
      ? unknown
      : { default: T | ((get: Get) => T) }),
): Setting<T> {
  return defineSetting<T>(spec, { type: spec.type, parse: spec.parse });
}
