import { createHash } from 'node:crypto';
import type { Response } from 'express';

/** The CSP source that lets one inline script or style run: the SHA-256 of its exact text, nothing else inline. */
export const inlineSource = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** What each page may load, by directive (`script-src`, `connect-src`...): sources as CSP writes them. */
export type PageSources = Record<string, string[]>;

/**
 * A Content-Security-Policy that allows only what `sources` names: anything else is refused (`default-src
 * 'none'`), no `<base>` may move the page's links, no form may post anywhere, and no other site may frame
 * the page (it takes a pasted token: a frame could overlay it and capture clicks or keys).
 */
export function contentSecurityPolicy(sources: PageSources): string {
  const directives: PageSources = {
    'default-src': ["'none'"],
    ...sources,
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, list]) => `${name} ${list.join(' ')}`)
    .join('; ');
}

/**
 * The headers of a page served to a browser: its policy, no framing for browsers that predate
 * `frame-ancestors`, no Referer (a URL could carry something private to the servers the page links to),
 * and no guessing of content types.
 */
export function setPageSecurityHeaders(res: Response, policy: string): void {
  res.setHeader('Content-Security-Policy', policy);
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Content-Type-Options', 'nosniff');
}
