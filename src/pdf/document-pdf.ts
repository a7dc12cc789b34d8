import PDFDocument from 'pdfkit';
import type { DocumentView, PartyBlock, TextSection, ViewField, ViewTable } from '../render/document-view';
import { breakableView } from './breakable-view';
import { embedFacturx, type FacturxAttachment } from './facturx';
import { pdfFonts } from './pdf-fonts';

/** What the footer of every page says besides its page number. */
export interface PdfFooter {
  entryId: string;
  version?: string;
  digest: string;
}

const MARGIN = 50;
const FOOTER_HEIGHT = 28;
const SIZE = { title: 18, heading: 10.5, text: 9, small: 7.5 };
const GREY = '#555555';
const RULE = '#bbbbbb';

type Pdf = PDFKit.PDFDocument;

/** The writable width of a page. */
const widthOf = (pdf: Pdf) => pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;
/** The lowest point body text may reach before a new page. */
const bottomOf = (pdf: Pdf) => pdf.page.height - pdf.page.margins.bottom;

/** Starts a new page when `height` does not fit below the cursor. */
function keepRoom(pdf: Pdf, height: number): void {
  if (pdf.y + height > bottomOf(pdf)) pdf.addPage();
}

function heading(pdf: Pdf, text: string): void {
  keepRoom(pdf, 40);
  pdf
    .moveDown(0.8)
    .font('bold')
    .fontSize(SIZE.heading)
    .fillColor('black')
    .text(text, MARGIN, pdf.y, { width: widthOf(pdf) });
  pdf.moveDown(0.2);
}

function titleBlock(pdf: Pdf, view: DocumentView): void {
  pdf
    .font('bold')
    .fontSize(SIZE.title)
    .fillColor('black')
    .text(view.title, { width: widthOf(pdf) });
  pdf.font('regular').fontSize(SIZE.small).fillColor(GREY).text(view.kind);
  if (view.facts.length > 0) {
    pdf.moveDown(0.6);
    for (const fact of view.facts) labelled(pdf, fact, widthOf(pdf));
  }
}

function labelled(pdf: Pdf, field: ViewField, width: number): void {
  pdf.font('bold').fontSize(SIZE.text).fillColor('black').text(`${field.label}: `, { continued: true, width });
  pdf.font('regular').text(field.value);
}

/** Parties two to a row, each a column of its role, name and lines. */
function partyBlocks(pdf: Pdf, parties: PartyBlock[]): void {
  const gap = 20;
  const width = (widthOf(pdf) - gap) / 2;
  for (let i = 0; i < parties.length; i += 2) {
    const pair = parties.slice(i, i + 2);
    const heights = pair.map((party) => partyHeight(pdf, party, width));
    pdf.moveDown(0.8);
    keepRoom(pdf, Math.max(...heights));
    const top = pdf.y;
    pair.forEach((party, j) => {
      const x = MARGIN + j * (width + gap);
      pdf.font('regular').fontSize(SIZE.small).fillColor(GREY).text(party.role.toUpperCase(), x, top, { width });
      pdf.font('bold').fontSize(SIZE.heading).fillColor('black').text(party.name, x, pdf.y, { width });
      pdf.font('regular').fontSize(SIZE.text);
      for (const line of party.lines) pdf.text(line, x, pdf.y, { width });
    });
    pdf.x = MARGIN;
    pdf.y = top + Math.max(...heights);
  }
}

function partyHeight(pdf: Pdf, party: PartyBlock, width: number): number {
  let height = pdf.font('regular').fontSize(SIZE.small).heightOfString(party.role.toUpperCase(), { width });
  height += pdf.font('bold').fontSize(SIZE.heading).heightOfString(party.name, { width });
  pdf.font('regular').fontSize(SIZE.text);
  for (const line of party.lines) height += pdf.heightOfString(line, { width });
  return height;
}

/** A table: its header repeated on each page it runs onto, rows as tall as their tallest cell. */
function table(pdf: Pdf, view: ViewTable): void {
  heading(pdf, view.title);
  const width = widthOf(pdf);
  const padding = 3;
  const cells = view.columns.map((column, i) => ({
    ...column,
    x: MARGIN + view.columns.slice(0, i).reduce((sum, c) => sum + c.width * width, 0),
    w: column.width * width,
  }));
  const row = (texts: string[], font: 'regular' | 'bold') => {
    pdf.font(font).fontSize(SIZE.text);
    const height = Math.max(...texts.map((text, i) => pdf.heightOfString(text || ' ', { width: cells[i].w - 2 * padding }))) + 2 * padding;
    return {
      height,
      draw: (top: number) => {
        texts.forEach((text, i) =>
          pdf.text(text, cells[i].x + padding, top + padding, { width: cells[i].w - 2 * padding, align: cells[i].align }),
        );
        pdf
          .moveTo(MARGIN, top + height)
          .lineTo(MARGIN + width, top + height)
          .lineWidth(0.5)
          .strokeColor(RULE)
          .stroke();
      },
    };
  };
  const header = row(
    view.columns.map((c) => c.label),
    'bold',
  );
  // Each row starts where the one before ends, however far its cells' text moved the cursor.
  const drawHeader = () => {
    const top = pdf.y;
    header.draw(top);
    pdf.y = top + header.height;
  };
  keepRoom(pdf, header.height * 2);
  drawHeader();
  for (const texts of view.rows) {
    const line = row(texts, 'regular');
    if (pdf.y + line.height > bottomOf(pdf)) {
      pdf.addPage();
      drawHeader();
      pdf.font('regular').fontSize(SIZE.text);
    }
    const top = pdf.y;
    line.draw(top);
    pdf.y = top + line.height;
  }
  pdf.x = MARGIN;
}

/** The totals, right-aligned in the right half of the page. */
function totalsBlock(pdf: Pdf, totals: ViewField[]): void {
  if (totals.length === 0) return;
  pdf.moveDown(1);
  const width = widthOf(pdf) / 2;
  const x = MARGIN + width;
  for (const total of totals) {
    keepRoom(pdf, 16);
    const top = pdf.y;
    pdf
      .font(total.strong ? 'bold' : 'regular')
      .fontSize(total.strong ? SIZE.heading : SIZE.text)
      .fillColor('black');
    pdf.text(total.label, x, top, { width: width / 2 });
    pdf.text(total.value, x + width / 2, top, { width: width / 2, align: 'right' });
    pdf.y = Math.max(pdf.y, top + pdf.currentLineHeight(true));
  }
  pdf.x = MARGIN;
}

function textSection(pdf: Pdf, section: TextSection): void {
  heading(pdf, section.title);
  pdf.font('regular').fontSize(SIZE.text).fillColor('black');
  for (const line of section.lines) {
    keepRoom(pdf, 12);
    pdf.text(line, MARGIN, pdf.y, { width: widthOf(pdf) });
  }
}

/** The footer of every page, written once all pages exist so each knows their number. */
function footers(pdf: Pdf, footer: PdfFooter): void {
  const pages = pdf.bufferedPageRange();
  const facts = [`Entry ${footer.entryId}`, footer.version && `version ${footer.version}`, `digest sha256:${footer.digest}`]
    .filter(Boolean)
    .join(' · ');
  for (let i = 0; i < pages.count; i++) {
    pdf.switchToPage(pages.start + i);
    // Writing below the bottom margin would start a page of its own: the margin is lifted for the footer.
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const top = pdf.page.height - MARGIN + 10;
    pdf
      .moveTo(MARGIN, top - 4)
      .lineTo(pdf.page.width - MARGIN, top - 4)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    pdf
      .font('regular')
      .fontSize(SIZE.small - 1)
      .fillColor(GREY);
    pdf.text(facts, MARGIN, top, { width: widthOf(pdf) - 70, lineBreak: false });
    pdf.text(`page ${i + 1} of ${pages.count}`, pdf.page.width - MARGIN - 70, top, { width: 70, align: 'right', lineBreak: false });
    pdf.page.margins.bottom = bottom;
  }
}

/**
 * Lays a document's view out as an A4 PDF with DejaVu Sans embedded (text stays selectable and prints the same
 * anywhere), and answers its bytes once pdfkit has written them all. With `facturx`, a Factur-X PDF/A-3 of it.
 */
export function documentPdf(document: DocumentView, footer: PdfFooter, facturx?: FacturxAttachment): Promise<Buffer> {
  const fonts = pdfFonts();
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    bufferPages: true,
    info: { Title: document.title, Subject: document.kind, Creator: 'document-entry-service' },
    // No default font: pdfkit's would be Helvetica, a font the PDF names without embedding it.
    font: null as unknown as string,
    // A Factur-X invoice is a PDF/A-3: archivable, every font embedded, its XML carried inside.
    ...(facturx ? { subset: 'PDF/A-3b' as const, pdfVersion: '1.7' as const, lang: 'en' } : {}),
  });
  const chunks: Buffer[] = [];
  const written = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('regular', fonts.regular);
  pdf.registerFont('bold', fonts.bold);
  const view = breakableView(document);
  titleBlock(pdf, view);
  partyBlocks(pdf, view.parties);
  for (const each of view.tables) table(pdf, each);
  totalsBlock(pdf, view.totals);
  for (const section of view.sections) textSection(pdf, section);
  footers(pdf, footer);
  if (facturx) embedFacturx(pdf, facturx);
  pdf.end();
  return written;
}
