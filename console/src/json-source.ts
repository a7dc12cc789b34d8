/** Where a value stands in the pasted text: its first character's offset, line and column (both from 1), and its length. */
export interface TextPlace {
  offset: number;
  length: number;
  line: number;
  column: number;
}

/** Pasted JSON: its value and where each value stands, by JSON path (`$.lines[0].item.price`); or why it is not JSON. */
export type JsonSource = { ok: true; value: unknown; places: Map<string, TextPlace> } | { ok: false; message: string; place: TextPlace };

class SyntaxProblem extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** Line and column (from 1) of an offset. */
export function placeAt(text: string, offset: number, length = 1): TextPlace {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { offset, length, line, column: offset - before.lastIndexOf('\n') };
}

const keyPath = (path: string, key: string) => (/^[A-Za-z_$][\w$-]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);

/**
 * Reads JSON text, noting where each value starts, so that a fault's path can be shown in the text, and a
 * syntax error at its line and column (the browsers' own messages differ, and some give only an offset). The
 * value itself is JSON.parse's, once the text is known to be JSON.
 */
export function readJsonSource(text: string): JsonSource {
  const places = new Map<string, TextPlace>();
  let at = 0;
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at])) at += 1;
  };
  const describe = () => (at >= text.length ? 'the text ends' : `unexpected ${JSON.stringify(text[at])}`);
  const expect = (char: string, what: string) => {
    space();
    if (text[at] !== char) throw new SyntaxProblem(`${describe()}: expected ${what}`, at);
    at += 1;
  };
  const string = (): string => {
    const start = at;
    at += 1;
    while (at < text.length && text[at] !== '"') {
      if (text.charCodeAt(at) < 0x20) throw new SyntaxProblem('a control character (a line break?) inside a string', at);
      if (text[at] === '\\') {
        const escape = text[at + 1];
        if (escape === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6)))
            throw new SyntaxProblem('a \\u escape needs four hexadecimal digits', at);
          at += 6;
          continue;
        }
        if (escape === undefined || !'"\\/bfnrt'.includes(escape)) throw new SyntaxProblem('an unknown escape in a string', at);
        at += 2;
        continue;
      }
      at += 1;
    }
    if (at >= text.length) throw new SyntaxProblem('a string that is never closed', start);
    at += 1;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const value = (path: string): void => {
    space();
    const start = at;
    const char = text[at];
    if (char === '{') {
      at += 1;
      space();
      if (text[at] === '}') at += 1;
      else {
        for (;;) {
          space();
          if (text[at] !== '"') throw new SyntaxProblem(`${describe()}: expected a key in double quotes`, at);
          const key = string();
          expect(':', '":" after the key');
          value(keyPath(path, key));
          space();
          if (text[at] === ',') {
            at += 1;
            continue;
          }
          expect('}', '"," or "}"');
          break;
        }
      }
    } else if (char === '[') {
      at += 1;
      space();
      if (text[at] === ']') at += 1;
      else {
        for (let index = 0; ; index += 1) {
          value(`${path}[${index}]`);
          space();
          if (text[at] === ',') {
            at += 1;
            continue;
          }
          expect(']', '"," or "]"');
          break;
        }
      }
    } else if (char === '"') string();
    else {
      const word = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(at));
      if (!word) throw new SyntaxProblem(`${describe()}: expected a value`, at);
      at += word[0].length;
    }
    places.set(path, placeAt(text, start, at - start));
  };
  try {
    value('$');
    space();
    if (at < text.length) throw new SyntaxProblem(`${describe()} after the document's end`, at);
  } catch (problem) {
    if (!(problem instanceof SyntaxProblem)) throw problem;
    const place = placeAt(text, problem.offset);
    return { ok: false, message: `Not JSON, at line ${place.line}, column ${place.column}: ${problem.message}.`, place };
  }
  return { ok: true, value: JSON.parse(text) as unknown, places };
}

/**
 * The place in the text of a fault's path into the envelope (`$.doc.customer.tax_id.code`). `asEnvelope`: the
 * text is the envelope (or a patch of it); otherwise it is the envelope's `doc`. A path to something the text
 * lacks (a missing field) gives the nearest part that is there.
 */
export function placeOfPath(places: Map<string, TextPlace>, path: string, asEnvelope: boolean): TextPlace | undefined {
  let inText = asEnvelope ? path : path.replace(/^\$\.doc(?=$|[.[])/, '$');
  if (!asEnvelope && inText === path) return undefined;
  for (;;) {
    const place = places.get(inText);
    if (place) return place;
    const shorter = inText.replace(/(?:\.[^.[]+|\[[^\]]+\])$/, '');
    if (shorter === inText) return undefined;
    inText = shorter;
  }
}

/** True when pasted JSON is an envelope (it has a `doc`), not a bare document. */
export const isEnvelope = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'doc' in value;
