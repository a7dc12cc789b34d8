import { readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * The fonts embedded in every PDF: DejaVu Sans, regular and bold, which covers Latin, Greek and Cyrillic, so any
 * party's name prints. Each is the font pdfkit parsed from the installed package's TrueType file, or that file.
 */
export interface PdfFonts {
  regular: PDFKit.Mixins.PDFFontSource;
  bold: PDFKit.Mixins.PDFFontSource;
}

let prepared: PdfFonts | undefined;

/**
 * pdfkit parses a font file for each document, which costs a small PDF ten times its own layout; it also takes
 * a font it parsed before (anything with a `layout` method). One document that is never written parses each file
 * once, and its parsed font serves every later PDF of the thread; should pdfkit keep it elsewhere one day, the
 * file itself is used, only slower.
 */
function parsedOnce(file: Buffer): PDFKit.Mixins.PDFFontSource {
  const probe = new PDFDocument({ autoFirstPage: false, font: null as unknown as string });
  probe.font(file);
  const parsed = (probe as unknown as { _font?: { font?: { layout?: unknown } } })._font?.font;
  return typeof parsed?.layout === 'function' ? (parsed as unknown as PDFKit.Mixins.PDFFontSource) : file;
}

/** Read from the installed package and parsed once per thread: the engine's threads call it as they start. */
export function pdfFonts(): PdfFonts {
  if (!prepared) {
    const folder = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    prepared = {
      regular: parsedOnce(readFileSync(path.join(folder, 'DejaVuSans.ttf'))),
      bold: parsedOnce(readFileSync(path.join(folder, 'DejaVuSans-Bold.ttf'))),
    };
  }
  return prepared;
}
