/** What came of one HTTP request: a status and body, or the network error that took its place. */
export type Outcome = { status: number; body: any; headers: Headers } | { error: string };

/** The error code under fetch's "fetch failed" (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET...). */
export function errorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string; name?: string } })?.cause;
  return cause?.code ?? cause?.name ?? (error as { name?: string })?.name ?? 'unknown';
}

/** One request with a deadline; a network failure is returned, not thrown. */
export async function send(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Outcome> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 30_000) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // keep the text
    }
    return { status: response.status, body, headers: response.headers };
  } catch (error) {
    return { error: errorCode(error) };
  }
}

/** True when the connection was refused or reset: the server never answered. */
export const isNetworkError = (outcome: Outcome): outcome is { error: string } => 'error' in outcome;
