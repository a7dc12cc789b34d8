import { useId, useRef, useState, type DragEvent } from 'react';
import { entryPath, navigate } from './router';
import { readToken } from './token-store';
import './versions-and-files.css';

/** The media type a received file is sent as: a PDF (Factur-X, ZUGFeRD) or XML (UBL, CII). */
const typeOf = (file: File) => (file.type === 'application/pdf' || /\.pdf$/i.test(file.name) ? 'application/pdf' : 'application/xml');

/**
 * "Import an e-invoice": drop a received XML (UBL, CII) or Factur-X PDF on the list, or choose one; the service
 * reads it into a new entry, kept with its original, and the console opens that entry. A refusal says why, in the
 * service's words.
 */
export function EinvoiceImport() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ phase: 'idle' } | { phase: 'sending'; name: string } | { phase: 'failed'; message: string }>({
    phase: 'idle',
  });
  const [over, setOver] = useState(false);

  const send = async (file: File | undefined) => {
    if (!file || state.phase === 'sending') return;
    setState({ phase: 'sending', name: file.name });
    try {
      const response = await fetch(`/silo/v1/entries?name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${readToken() ?? ''}`, 'content-type': typeOf(file) },
        body: file,
      });
      const body = (await response.json().catch(() => ({}))) as { id?: string; message?: string };
      if (!response.ok || !body.id) throw new Error(body.message ?? `the service answered ${response.status}`);
      navigate(entryPath(body.id));
    } catch (error) {
      setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void send(event.dataTransfer.files[0]);
  };
  return (
    <div
      className={`einvoice-import drop-zone${over ? ' drop-over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <label htmlFor={inputId}>Import an e-invoice (UBL or CII XML, or a Factur-X PDF)</label>{' '}
      <input
        id={inputId}
        ref={input}
        type="file"
        accept=".xml,.pdf,application/xml,text/xml,application/pdf"
        onChange={(event) => void send(event.target.files?.[0])}
      />
      <span role="status" className="hint">
        {state.phase === 'sending' ? `Reading ${state.name}…` : ''}
      </span>
      {state.phase === 'failed' ? (
        <p role="alert" className="notice">
          Could not import it: {state.message}
        </p>
      ) : null}
    </div>
  );
}
