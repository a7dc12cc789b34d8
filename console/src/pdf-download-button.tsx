import { DownloadButton } from './download-button';

/** "Download PDF": the entry's PDF (of `version`, when given), named by its series and code. */
export function PdfDownloadButton({ entryId, version }: { entryId: string; version?: string }) {
  const query = version ? `?version=${encodeURIComponent(version)}` : '';
  const download = {
    path: `/silo/v1/entries/${encodeURIComponent(entryId)}/pdf${query}`,
    label: 'Download PDF',
    what: 'the PDF',
    fallbackName: `${entryId}.pdf`,
  };
  return (
    <div className="pdf-download">
      <DownloadButton download={download} />
    </div>
  );
}
