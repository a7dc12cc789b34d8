/** A fault as the service answers it: a code, a message, the paths it points at (`$.doc.lines[0].item.price`). */
export interface PathFault {
  code: string;
  message: string;
  paths: readonly string[];
}

/** Errors nested as the document is, each level's own under `__errors`: the form library's way of placing them. */
export interface ErrorTree {
  __errors?: string[];
  [name: string]: ErrorTree | string[] | undefined;
}

/** `$.doc.lines[0].item.price` → `['lines', '0', 'item', 'price']`; undefined for a path outside the document. */
export function stepsOf(path: string, root = '$.doc'): string[] | undefined {
  if (path !== root && !path.startsWith(`${root}.`) && !path.startsWith(`${root}[`)) return undefined;
  const rest = path.slice(root.length);
  const steps: string[] = [];
  const step = /\.([^.[\]]+)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/y;
  let at = 0;
  while (at < rest.length) {
    step.lastIndex = at;
    const match = step.exec(rest);
    if (!match) return undefined;
    steps.push(match[1] ?? match[2] ?? (JSON.parse(`"${match[3]}"`) as string));
    at = step.lastIndex;
  }
  return steps;
}

/**
 * The faults as a tree of errors at their fields. A fault whose path is the document itself, or outside it,
 * stands at the root. `root` is where the document stands in the paths: `$.doc` in an envelope, `$` bare.
 */
export function errorTreeOf(faults: readonly PathFault[], root = '$.doc'): ErrorTree {
  const tree: ErrorTree = {};
  for (const fault of faults) {
    const text = `${fault.message} (${fault.code})`;
    const places = fault.paths.map((path) => stepsOf(path, root) ?? []);
    for (const steps of places.length > 0 ? places : [[]]) {
      let node = tree;
      for (const name of steps) node = (node[name] ??= {}) as ErrorTree;
      (node.__errors ??= []).push(text);
    }
  }
  return tree;
}
