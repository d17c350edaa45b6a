import PDFDocument from 'pdfkit';
import type { Block, DigestDocument } from './render';

// The same report as a PDF (A4), for download from the console: the blocks of ./render.ts written with
// pdfkit's standard Helvetica (no font files), the chart as its PNG. Links stay clickable.

const margin = 40;

/**
 * The standard Helvetica knows only WinAnsi characters: the change arrows (▲ ▼) of the mail would print as
 * "%²". The difference carries its sign, so the arrow is left out of the PDF.
 */
export const pdfCell = (text: string) => text.replace(/[▲▼] /g, '');

function table(pdf: PDFKit.PDFDocument, b: Extract<Block, { kind: 'table' }>) {
  const width = pdf.page.width - 2 * margin;
  const col = width / b.heads.length;
  const row = (cells: string[], bold: boolean) => {
    cells = cells.map(pdfCell);
    const heights = cells.map((c) => pdf.heightOfString(c, { width: col - 4 }));
    const h = Math.max(12, ...heights) + 4;
    if (pdf.y + h > pdf.page.height - margin) pdf.addPage();
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((c, i) =>
      pdf.text(c, margin + i * col, y + 2, { width: col - 4, align: i >= b.rightFrom ? 'right' : 'left' }),
    );
    pdf
      .moveTo(margin, y + h)
      .lineTo(margin + width, y + h)
      .strokeColor('#dddddd')
      .stroke();
    pdf.x = margin;
    pdf.y = y + h;
  };
  pdf.fontSize(8);
  row(b.heads, true);
  for (const r of b.rows) row(r, false);
  pdf.moveDown(0.8);
}

export function digestPdf(doc: DigestDocument): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin, info: { Title: doc.subject, Creator: 'msas' } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const images = new Map(doc.images.map((i) => [i.cid, Buffer.from(i.content, 'base64')]));
  for (const b of doc.blocks) {
    pdf.x = margin;
    switch (b.kind) {
      case 'title':
        pdf.font('Helvetica-Bold').fontSize(18).text(b.text).moveDown(0.3);
        break;
      case 'heading':
        pdf.moveDown(0.5).font('Helvetica-Bold').fontSize(12).text(b.text).moveDown(0.3);
        break;
      case 'line':
      case 'small':
        pdf
          .font('Helvetica')
          .fontSize(b.kind === 'small' ? 8 : 10)
          .fillColor('#444444')
          .text(b.text);
        pdf.fillColor('#000000');
        break;
      case 'note':
        pdf.moveDown(0.3).font('Helvetica-Bold').fontSize(10).text(b.text).moveDown(0.3);
        break;
      case 'link':
        pdf.moveDown(0.3).font('Helvetica').fontSize(9).fillColor('#1565c0').text(b.label, { link: b.href });
        pdf.fillColor('#000000');
        break;
      case 'image': {
        const png = images.get(b.cid);
        if (!png) break;
        const w = pdf.page.width - 2 * margin;
        const h = (w * b.height) / b.width;
        if (pdf.y + h > pdf.page.height - margin) pdf.addPage();
        pdf.image(png, margin, pdf.y, { width: w, height: h });
        pdf.y += h + 6;
        break;
      }
      case 'table':
        table(pdf, b);
        break;
    }
  }
  pdf.end();
  return done;
}
