import { contentSecurityPolicy } from '../../http/page-security';

/** Where Apollo's embedded Sandbox comes from: its script's CDN, and the frame the script opens. */
const SANDBOX_SCRIPT_CDN = 'https://embeddable-sandbox.cdn.apollographql.com';
const SANDBOX_FRAME = 'https://sandbox.embed.apollographql.com';
/** What Apollo's page links besides: a web font (Google Fonts) and its icon and manifest. */
const FONT_STYLES = 'https://fonts.googleapis.com';
const FONT_FILES = 'https://fonts.gstatic.com';
const LANDING_PAGE_CDN = 'https://apollo-server-landing-page.cdn.apollographql.com';

/** Apollo renders its page with a fresh nonce on its inline scripts and styles each time. */
const NONCE = /<script nonce="([A-Za-z0-9+/=_-]+)"/;

/**
 * The Content-Security-Policy of Apollo Sandbox's page (GRAPHQL_EXPLORER=sandbox), from the page Apollo
 * rendered: its inline code by the nonce Apollo gave it, the Sandbox script from Apollo's CDN and its frame
 * from Apollo's embed host, requests to this service only (the page sends the operations the frame prepares),
 * and never inside another site's frame. Apollo puts a looser policy of its own in a meta tag; a browser
 * enforces both.
 */
export function sandboxPolicy(html: string): string {
  const nonce = NONCE.exec(html)?.[1];
  const inline = nonce ? [`'nonce-${nonce}'`] : [];
  return contentSecurityPolicy({
    'script-src': [...inline, SANDBOX_SCRIPT_CDN],
    'style-src': [...inline, FONT_STYLES],
    'font-src': [FONT_FILES],
    'img-src': [LANDING_PAGE_CDN],
    'manifest-src': [LANDING_PAGE_CDN],
    'frame-src': [SANDBOX_FRAME],
    'connect-src': ["'self'"],
  });
}
