import { createRequire } from 'node:module';

/**
 * pdf.js, Mozilla's PDF reader, typed by what is used of it: a received Factur-X / ZUGFeRD PDF's embedded files.
 * Loaded on first use; eval is off, and no font is loaded, since nothing is drawn.
 */
interface PdfJs {
  getDocument(options: Record<string, unknown>): {
    promise: Promise<{
      getAttachments(): Promise<Record<string, { filename: string; content: Uint8Array }> | null>;
      destroy(): Promise<void>;
    }>;
  };
}

let loaded: PdfJs | undefined;
const pdfjs = (): PdfJs => (loaded ??= createRequire(__filename)('pdfjs-dist/legacy/build/pdf.mjs') as PdfJs);

/** The names Factur-X 1.0 and ZUGFeRD 2.x give the embedded invoice (and XRechnung's, as ZUGFeRD carries it). */
const INVOICE_FILE_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

/** Why a PDF gives no invoice: not a PDF pdf.js can read, or one with no embedded e-invoice. */
export class NoEmbeddedInvoice extends Error {}

/**
 * The e-invoice embedded in a Factur-X / ZUGFeRD PDF: the XML text of its `factur-x.xml` (or ZUGFeRD's names for
 * it), and which name it had. The PDF's pages are not read.
 */
export async function facturxXmlOf(pdf: Uint8Array): Promise<{ fileName: string; xml: string }> {
  let document;
  try {
    // pdf.js takes ownership of the buffer it is given: a copy keeps the caller's bytes whole.
    document = await pdfjs().getDocument({
      data: pdf.slice(),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      verbosity: 0,
    }).promise;
  } catch (error) {
    throw new NoEmbeddedInvoice(`the body is not a PDF that can be read: ${(error as Error).message}`);
  }
  try {
    const files = Object.values((await document.getAttachments()) ?? {});
    const invoice = files.find((file) => INVOICE_FILE_NAMES.includes(file.filename.toLowerCase()));
    if (!invoice) {
      const names = files.map((file) => file.filename).join(', ') || 'none';
      throw new NoEmbeddedInvoice(`the PDF carries no Factur-X or ZUGFeRD invoice (factur-x.xml): its embedded files are ${names}`);
    }
    try {
      return { fileName: invoice.filename, xml: new TextDecoder('utf-8', { fatal: true }).decode(invoice.content) };
    } catch {
      throw new NoEmbeddedInvoice(`the PDF's ${invoice.filename} is not UTF-8`);
    }
  } finally {
    await document.destroy();
  }
}
