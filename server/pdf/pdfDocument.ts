import PDFDocument from 'pdfkit';

// What the board pack, the minutes and an application's PDF share: an A4 page in Helvetica (one of PDF's standard
// fonts, so nothing is embedded and the text stays selectable and searchable), headings, label–value lines, tables, and
// the text cleaning that the standard fonts' encoding needs.

export type Pdf = PDFKit.PDFDocument;

const MARGIN = 56;
const BODY = 10;

// The characters of Windows-1252 above Latin-1's printable range that the standard fonts' WinAnsi encoding adds.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text as the standard fonts can print it (WinAnsi: Latin-1 and a few more, so å, ä, ö and é are there): the narrow
 * spaces that numbers and money are formatted with become no-break spaces, the minus sign a hyphen, a tab a space,
 * and any other character the encoding lacks a question mark rather than a wrong glyph.
 */
export function pdfText(text: string): string {
  return [
    ...text
      .replace(/[\u202f\u2009\u2007]/g, '\u00a0')
      .replace(/\u2212/g, '-')
      .replace(/\t/g, ' '),
  ]
    .map((c) => {
      const code = c.codePointAt(0)!;
      return c === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c) ? c : '?';
    })
    .join('');
}

/** A new A4 document with its title and language, written in Helvetica. */
export function newPdf(title: string, locale: string): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: locale,
    info: { Title: pdfText(title) },
    displayTitle: true,
    bufferPages: false,
  });
  doc.font('Helvetica').fontSize(BODY);
  return doc;
}

/** The whole document's bytes once it is ended. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

const left = (doc: Pdf) => doc.page.margins.left;
const width = (doc: Pdf) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** The document's title, with a line of smaller text above it (the foundation). */
export function title(doc: Pdf, text: string, above?: string) {
  if (above)
    doc
      .font('Helvetica')
      .fontSize(BODY)
      .fillColor('#555555')
      .text(pdfText(above), left(doc), doc.y, { width: width(doc) });
  doc
    .fillColor('black')
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(pdfText(text), left(doc), doc.y, { width: width(doc) });
  doc.font('Helvetica').fontSize(BODY).moveDown(0.5);
}

/** A section's heading. */
export function heading(doc: Pdf, text: string, size = 13) {
  doc.moveDown(0.6);
  doc
    .font('Helvetica-Bold')
    .fontSize(size)
    .text(pdfText(text), left(doc), doc.y, { width: width(doc) });
  doc.font('Helvetica').fontSize(BODY).moveDown(0.3);
}

/** A paragraph of body text. */
export function paragraph(doc: Pdf, text: string, options: { bold?: boolean } = {}) {
  doc
    .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(BODY)
    .text(pdfText(text), left(doc), doc.y, { width: width(doc) });
  doc.font('Helvetica');
}

/** Label–value lines: the labels in bold in a column of their own. */
export function facts(doc: Pdf, lines: [string, string][], labelWidth = 150) {
  const rows = lines.filter(([, value]) => value !== '');
  if (!rows.length) return;
  doc.table({
    columnStyles: [labelWidth, '*'],
    defaultStyle: { border: 0, padding: [2, 4, 2, 0] },
    data: rows.map(([label, value]) => [{ text: pdfText(label), font: { src: 'Helvetica-Bold' } }, { text: pdfText(value) }]),
  });
  doc.x = left(doc);
}

export interface Column {
  header: string;
  /** Points, or '*' to share what is left. */
  width: number | '*';
  align?: 'left' | 'right';
}

/**
 * A table with a header row and lines under it; `footer` rows (totals) in bold. pdfkit carries a long table over to
 * the next page.
 */
export function table(doc: Pdf, columns: Column[], rows: string[][], footer: string[][] = []) {
  const cell = (text: string, index: number, bold: boolean) => ({
    text: pdfText(text),
    align: { x: columns[index].align ?? 'left', y: 'top' as const },
    ...(bold ? { font: { src: 'Helvetica-Bold' } } : {}),
  });
  doc.fontSize(9);
  doc.table({
    columnStyles: columns.map((c) => c.width),
    defaultStyle: { border: [0, 0, 0.5, 0], borderColor: '#999999', padding: [3, 4, 3, 4] },
    data: [
      columns.map((c, index) => ({ ...cell(c.header, index, true), type: 'TH' as const })),
      ...rows.map((row) => row.map((text, index) => cell(text, index, false))),
      ...footer.map((row) => row.map((text, index) => cell(text, index, true))),
    ],
  });
  doc.fontSize(BODY);
  doc.x = left(doc);
}

/** Lines to sign on, side by side, each with the signer's name and role under it. */
export function signatures(doc: Pdf, signers: { name: string; role: string }[]) {
  doc.moveDown(3);
  if (doc.y > doc.page.height - doc.page.margins.bottom - 80) doc.addPage();
  const gap = 30;
  const each = (width(doc) - gap * (signers.length - 1)) / signers.length;
  const y = doc.y;
  signers.forEach((signer, index) => {
    const x = left(doc) + index * (each + gap);
    doc
      .moveTo(x, y)
      .lineTo(x + each, y)
      .lineWidth(0.5)
      .stroke();
    doc
      .font('Helvetica')
      .fontSize(BODY)
      .text(pdfText(signer.name), x, y + 6, { width: each });
    doc.fillColor('#555555').text(pdfText(signer.role), x, doc.y, { width: each }).fillColor('black');
  });
  doc.x = left(doc);
}
