/**
 * A request for the PDF of an entry's envelope, as the engine takes it: the envelope stays JSON text until a
 * thread parses it (see DocumentJob), and the footer names the entry and version it came from.
 */
export interface PdfJob {
  workspaceId: string;
  entryId: string;
  /** The version shown; the footer names it. */
  version?: string;
  envelopeJson: string;
  /** How numbers and dates read (BCP 47); English by default. */
  locale?: string;
  /** A Factur-X invoice: a PDF/A-3 with its EN 16931 CII embedded as `factur-x.xml`. */
  facturx?: boolean;
}

/** The PDF's bytes (a Buffer in the thread that made them, a Uint8Array once copied to another). */
export interface PdfOutcome {
  pdf: Uint8Array;
  /** A file name for it without `.pdf`: the document's series and code, in safe characters, when it has them. */
  name?: string;
}

/** Makes a PDF: the server's pool and in-thread engine are given one (the domain never imports pdfkit). */
export type PdfMaker = (job: PdfJob) => Promise<PdfOutcome>;
