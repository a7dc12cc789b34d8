import { useState } from 'react';
import { saveBlob } from './save-text';
import { readToken } from './token-store';

/** The file name the service gives in Content-Disposition, or `fallback`. */
function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match ? match[1] : fallback;
}

/** What a download button fetches and how it speaks of it: "the PDF", "the UBL document". */
export interface Download {
  /** The service's path (and query) to GET. */
  path: string;
  /** The button's words, and what is being made, as a noun: `Download PDF`, `the PDF`. */
  label: string;
  what: string;
  fallbackName: string;
}

/**
 * A button that fetches a file of the service with the token in the Authorization header, never in the URL, and
 * saves it under the name the service gives; busy while the service makes it, and says so when it fails.
 */
export function DownloadButton({ download }: { download: Download }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const start = async () => {
    setBusy(true);
    setProblem('');
    try {
      const response = await fetch(download.path, { headers: { authorization: `Bearer ${readToken() ?? ''}` } });
      if (!response.ok) {
        const body = (await response.json().catch(() => undefined)) as { message?: string } | undefined;
        throw new Error(body?.message ?? `the service answered ${response.status}`);
      }
      saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition'), download.fallbackName));
    } catch (error) {
      setProblem(`Could not download ${download.what}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {/* Not disabled while busy: a disabled button would drop the keyboard's focus. */}
      <button type="button" onClick={busy ? undefined : start} aria-disabled={busy} aria-busy={busy}>
        {busy ? `Preparing ${download.what}…` : download.label}
      </button>{' '}
      <span role="status" className="hint">
        {busy ? `The service is making ${download.what}.` : ''}
      </span>
      {problem ? (
        <p role="alert" className="notice">
          {problem}
        </p>
      ) : null}
    </>
  );
}
