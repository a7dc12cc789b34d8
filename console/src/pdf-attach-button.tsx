import { useMutation } from 'urql';
import { AttachEntryPdfDocument } from './generated/graphql';
import { messageOf } from './refusal';

/**
 * "Attach PDF to entry": asks the service to store the entry's PDF (of `version`, when given) as the entry's
 * `format` file, replacing the one attached before; busy while the service makes it, then `onAttached` (the
 * page reads its files again), and says why when it fails.
 */
export function PdfAttachButton({ entryId, version, onAttached }: { entryId: string; version?: string; onAttached(): void }) {
  const [{ fetching, error, data }, attach] = useMutation(AttachEntryPdfDocument);
  const start = async () => {
    const result = await attach({ id: entryId, version: version ?? null });
    if (!result.error) onAttached();
  };
  return (
    <div className="pdf-download">
      {/* Not disabled while busy: a disabled button would drop the keyboard's focus. */}
      <button type="button" onClick={fetching ? undefined : () => void start()} aria-disabled={fetching} aria-busy={fetching}>
        {fetching ? 'Attaching the PDF…' : 'Attach PDF to entry'}
      </button>{' '}
      <span role="status" className="hint">
        {fetching ? 'The service is making the PDF.' : data && !error ? `Attached as ${data.attachEntryPdf.name}.` : ''}
      </span>
      {error ? (
        <p role="alert" className="notice">
          Could not attach the PDF: {messageOf(error)}
        </p>
      ) : null}
    </div>
  );
}
