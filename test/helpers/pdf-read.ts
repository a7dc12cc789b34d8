import { execFile } from 'node:child_process';
import path from 'node:path';

/** What a test reads of a PDF through a real parser (pdf.js, inside pdf-parse): its text, page sizes and fonts. */
export interface PdfReading {
  text: string;
  pages: { width: number; height: number }[];
  /** Each font the pages draw with: its name, and whether the PDF lacks its file (pdf.js then substitutes one). */
  fonts: { name: string; missingFile: boolean }[];
  /** The embedded files by name, as UTF-8 text. */
  attachments: Record<string, string>;
  /** The XMP metadata packet, as written. */
  xmp?: string;
}

/** Parses the PDF in a child process (see pdf-reader.cjs). */
export function readPdf(bytes: Uint8Array): Promise<PdfReading> {
  return new Promise((resolve, reject) => {
    const reader = execFile(
      process.execPath,
      [path.join(__dirname, 'pdf-reader.cjs')],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`the PDF could not be read: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout) as PdfReading);
      },
    );
    reader.stdin!.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}
