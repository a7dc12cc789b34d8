import { createRequire } from 'node:module';

/**
 * SaxonJS, the XSLT 3.0 processor that runs the published Schematron rules, typed by what is used of it (the package
 * ships no types). It is loaded on first use: only a process that validates pays for it.
 */
export interface SaxonJs {
  XPath: { evaluate(expression: string, context: unknown, options: { params: Record<string, unknown> }): unknown };
  transform(options: { stylesheetInternal: unknown; sourceText: string; destination: 'serialized' }): { principalResult: string };
}

let loaded: SaxonJs | undefined;

export function saxon(): SaxonJs {
  loaded ??= createRequire(__filename)('saxon-js') as SaxonJs;
  return loaded;
}
