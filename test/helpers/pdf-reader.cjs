/**
 * Reads a PDF from stdin with pdf-parse (pdf.js) and prints what the tests check, as JSON: its text, the size of
 * each page, each font the pages draw with and whether its file is missing, its embedded files and its XMP. A process of its own because
 * pdf.js starts its worker with a dynamic import, which Jest's module sandbox refuses.
 */
const { PDFParse } = require('pdf-parse');

async function read(bytes) {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const text = (await parser.getText()).text;
    const info = await parser.getInfo({ parsePageInfo: true });
    const pages = info.pages.map((page) => ({ width: page.width, height: page.height }));
    // pdf-parse keeps pdf.js's document in a field its types do not show.
    const doc = parser.doc;
    const fonts = new Map();
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      // Drawing with a font loads it into the page's shared objects, under the id its setFont operation names.
      for (const args of (await page.getOperatorList()).argsArray) {
        const id = Array.isArray(args) ? args[0] : undefined;
        if (typeof id === 'string' && page.commonObjs.has(id)) {
          const font = page.commonObjs.get(id);
          if (font && typeof font.name === 'string') fonts.set(id, { name: font.name, missingFile: font.missingFile });
        }
      }
    }
    // The embedded files (a Factur-X invoice's XML), as text, and the XMP metadata as written.
    const attachments = Object.fromEntries(
      Object.values((await doc.getAttachments()) ?? {}).map((file) => [file.filename, Buffer.from(file.content).toString('utf8')]),
    );
    const { metadata } = await doc.getMetadata();
    return { text, pages, fonts: [...fonts.values()], attachments, xmp: metadata ? metadata.getRaw() : undefined };
  } finally {
    await parser.destroy();
  }
}

const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', () => {
  read(Buffer.concat(chunks)).then(
    (reading) => process.stdout.write(JSON.stringify(reading)),
    (error) => {
      process.stderr.write(String(error && error.stack ? error.stack : error));
      process.exitCode = 1;
    },
  );
});
