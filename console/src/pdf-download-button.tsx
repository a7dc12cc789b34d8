import { useState } from 'react';
import { saveBlob } from './save-text';
import { readToken } from './token-store';

/** The file name the service gives in Content-Disposition, or one made of the entry's id. */
function fileNameOf(disposition: string | null, id: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match ? match[1] : `${id}.pdf`;
}

/**
 * "Download PDF": fetches the entry's PDF (of `version`, when given) with the token in the Authorization header,
 * never in the URL, and saves it; busy while the service makes it, and says so when it fails.
 */
export function PdfDownloadButton({ entryId, version }: { entryId: string; version?: string }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const download = async () => {
    setBusy(true);
    setProblem('');
    try {
      const query = version ? `?version=${encodeURIComponent(version)}` : '';
      const response = await fetch(`/silo/v1/entries/${encodeURIComponent(entryId)}/pdf${query}`, {
        headers: { authorization: `Bearer ${readToken() ?? ''}` },
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => undefined)) as { message?: string } | undefined;
        throw new Error(body?.message ?? `the service answered ${response.status}`);
      }
      saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition'), entryId));
    } catch (error) {
      setProblem(`Could not download the PDF: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="pdf-download">
      {/* Not disabled while busy: a disabled button would drop the keyboard's focus. */}
      <button type="button" onClick={busy ? undefined : download} aria-disabled={busy} aria-busy={busy}>
        {busy ? 'Preparing the PDF…' : 'Download PDF'}
      </button>{' '}
      <span role="status" className="hint">
        {busy ? 'The service is making the PDF.' : ''}
      </span>
      {problem ? (
        <p role="alert" className="notice">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
