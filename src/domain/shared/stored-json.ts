/**
 * A member of a model read from storage as JSON text (a meta row's `value`, a file's `meta`), parsed only when
 * something reads it. Until then an answer may write the stored text as it is (storedJsonOf): a heavy answer's
 * thousand values of 64 KiB are then neither parsed nor written again, which is most of what it would allocate.
 */
const TEXTS = Symbol('stored JSON texts');

type WithTexts = { [TEXTS]?: Map<string, string> };

const settle = (target: object, member: string, value: unknown) =>
  Object.defineProperty(target, member, { value, writable: true, enumerable: true, configurable: true });

/** Sets `member` of `target` to the value `text` holds, parsed when first read. */
export function setStoredJson<T extends object>(target: T, member: keyof T & string, text: string): T {
  let texts = (target as WithTexts)[TEXTS];
  if (!texts) {
    texts = new Map();
    // Not enumerable: a copy made by spreading never carries a text that its own member may no longer hold.
    Object.defineProperty(target, TEXTS, { value: texts });
  }
  const known = texts;
  known.set(member, text);
  Object.defineProperty(target, member, {
    enumerable: true,
    configurable: true,
    get() {
      // Once read, the value may be changed in place: the text no longer stands for it.
      known.delete(member);
      const value: unknown = JSON.parse(text);
      settle(target, member, value);
      return value;
    },
    set(value: unknown) {
      known.delete(member);
      settle(target, member, value);
    },
  });
  return target;
}

/** The stored text of `member`, while nothing has read or replaced it; otherwise undefined. */
export function storedJsonOf(target: object, member: string): string | undefined {
  return (target as WithTexts)[TEXTS]?.get(member);
}
