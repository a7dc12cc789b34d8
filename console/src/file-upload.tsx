import { useId, useRef, useState, type DragEvent } from 'react';
import { readToken } from './token-store';
import './versions-and-files.css';

type Upload =
  | { phase: 'idle' }
  | { phase: 'sending'; name: string; sent: number; total: number }
  | { phase: 'done'; name: string }
  | { phase: 'failed'; name: string; message: string };

/** The service's message from an error answer, or a sentence naming the status when the body has none. */
function messageOf(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: fall through
  }
  return status === 0 ? 'the service could not be reached' : `the service answered ${status}`;
}

/**
 * Posts one file to the entry's files route as multipart, with the token in the Authorization header (never in
 * the URL). XMLHttpRequest rather than fetch: only it reports how much of the body has gone.
 */
function sendFile(entryId: string, file: File, onProgress: (sent: number, total: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/silo/v1/entries/${encodeURIComponent(entryId)}/files`);
    request.setRequestHeader('authorization', `Bearer ${readToken() ?? ''}`);
    request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () => (request.status === 200 ? resolve() : reject(new Error(messageOf(request.status, request.responseText))));
    request.onerror = () => reject(new Error(messageOf(request.status, request.responseText)));
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

/**
 * "Drop a file here or choose one": a drop zone around a labelled file input (so the keyboard and screen readers
 * use the input, and a mouse may drop instead), uploading at once, saying how far it got, and when it failed why.
 */
export function FileUpload({ entryId, onUploaded }: { entryId: string; onUploaded(): void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload>({ phase: 'idle' });
  const [over, setOver] = useState(false);
  const busy = upload.phase === 'sending';

  const start = async (file: File | undefined) => {
    if (!file || busy) return;
    setUpload({ phase: 'sending', name: file.name, sent: 0, total: file.size });
    try {
      await sendFile(entryId, file, (sent, total) => setUpload({ phase: 'sending', name: file.name, sent, total }));
      setUpload({ phase: 'done', name: file.name });
      onUploaded();
    } catch (error) {
      setUpload({ phase: 'failed', name: file.name, message: error instanceof Error ? error.message : String(error) });
    } finally {
      // The same file chosen again must fire a change.
      if (input.current) input.current.value = '';
    }
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void start(event.dataTransfer.files[0]);
  };

  return (
    <div
      className={`drop-zone${over ? ' drop-over' : ''}`}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      aria-busy={busy}
      data-field="drop-zone"
    >
      <label htmlFor={inputId}>Drop a file here or choose one</label>{' '}
      {/* Not disabled while busy: that would drop the keyboard's focus; a choice made then is ignored. */}
      <input id={inputId} ref={input} type="file" onChange={(event) => void start(event.target.files?.[0])} />
      <div role="status" className="hint">
        {upload.phase === 'sending' ? (
          <>
            Uploading {upload.name}… <progress max={upload.total || 1} value={upload.sent} aria-label={`Upload of ${upload.name}`} />
          </>
        ) : upload.phase === 'done' ? (
          `Uploaded ${upload.name}.`
        ) : (
          ''
        )}
      </div>
      {upload.phase === 'failed' ? (
        <p role="alert" className="notice">
          Could not upload {upload.name}: {upload.message}
        </p>
      ) : null}
    </div>
  );
}
