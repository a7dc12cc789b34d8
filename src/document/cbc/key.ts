/** GOBL keys composed of parts joined by `+` (e.g. `credit-transfer+sepa`). */

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
