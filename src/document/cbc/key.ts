/** GOBL keys (`cbc.Key`): lower-case words joined by `-`, composed of parts joined by `+` (e.g. `credit-transfer+sepa`). */

/** GOBL's key pattern. */
export const KEY_PATTERN = /^(?:[a-z]|[a-z0-9][a-z0-9-+]*[a-z0-9])$/;

/** GOBL's longest key, in characters. */
export const KEY_MAX_LENGTH = 64;

/** Looks a composed key up in a map, dropping the last part until something matches. */
export function lookupKey(map: Record<string, string>, key: string): string {
  let k = key;
  for (;;) {
    if (k in map) return map[k];
    if (k === '') return '';
    const parts = k.split('+');
    parts.pop();
    k = parts.join('+');
  }
}

/** True when the composed key contains `part` as one of its components. */
export function keyHas(key: string, part: string): boolean {
  return key.split('+').includes(part);
}
