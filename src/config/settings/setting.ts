/**
 * One environment variable the service reads: its name, how its text is read and checked, its default and the
 * words the documentation shows (docs/configuration.md is generated from these, `npm run docs:config`).
 */
export interface Setting<T> {
  readonly name: string;
  /** The docs' meaning column: what it does, its effect when exceeded, its limits. */
  readonly description: string;
  /** The docs' type column: the kind of text taken and its bounds. */
  readonly type: string;
  /** The docs' default column (markdown). */
  readonly defaultText: string;
  /** The command that reads it, for a variable of one command rather than of the service's configuration. */
  readonly readBy?: string;
  /** The value of the variable's text (trimmed, never empty), or every problem with it, each naming the variable. */
  parse(text: string): Parsed<T>;
  /** The value when the variable is unset, or set to a bad value (the problem is reported). */
  fallback(get: Get): T;
  /** A problem with a value that was set, given the other settings. */
  check?(value: T, get: Get): string | undefined;
}

/** A setting's value, read from the environment once (defaults may read other settings through it). */
export type Get = <T>(setting: Setting<T>) => T;

export type Parsed<T> = { ok: true; value: T } | { ok: false; problems: string[] };

export const accepted = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const refused = (...problems: string[]): Parsed<never> => ({ ok: false, problems });

/** What every constructor of a setting takes: a literal default (shown as it is written) or one computed from other settings. */
export interface SettingSpec<T> {
  name: string;
  description: string;
  default?: T | ((get: Get) => T);
  /** Required for a computed default, optional otherwise (a literal default is shown written as the setting takes it). */
  defaultText?: string;
  check?: (value: T, get: Get) => string | undefined;
  readBy?: string;
}

/** A setting's value type: what it holds unset is its default, or undefined when it has none. */
export type Defaulted<S, T> = S extends { default: unknown } ? T : T | undefined;

/** The common part of every kind: the default, its text, the check. */
export function defineSetting<T>(
  spec: SettingSpec<T>,
  kind: { type: string; parse: (text: string) => Parsed<T>; format?: (value: T) => string },
): Setting<T> {
  const { default: fallback } = spec;
  const literal = fallback === undefined || typeof fallback === 'function' ? undefined : (fallback as T);
  if (typeof fallback === 'function' && spec.defaultText === undefined)
    throw new Error(`${spec.name}: a computed default needs its defaultText`);
  return {
    name: spec.name,
    description: spec.description,
    type: kind.type,
    defaultText: spec.defaultText ?? (literal === undefined ? 'unset' : `\`${kind.format ? kind.format(literal) : String(literal)}\``),
    readBy: spec.readBy,
    parse: kind.parse,
    fallback: (get) => (typeof fallback === 'function' ? (fallback as (get: Get) => T)(get) : (fallback as T)),
    check: spec.check,
  };
}
