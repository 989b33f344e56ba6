import PDFDocument from 'pdfkit';
import type { Block, Span } from '../../core/creations/mrkdwn';
import type { PdfDocument, PdfRenderer } from '../../core/creations/pdf-document';
import { pdfFonts } from './pdf-fonts';

const COLORS = { text: '#1d1c1d', muted: '#616061', link: '#1264a3', code: '#c01343', rule: '#dddddd', codeBackground: '#f6f6f6', quoteBar: '#c9c9c9' };
const MARGIN = 56;
const INDENT = 14;
const ITALIC_ANGLE = 12;

/** The Save-as-PDF layout: title, subtitle, then each message's author, time and formatted text. */
export class PdfkitRenderer implements PdfRenderer {
  async render(document: PdfDocument): Promise<Uint8Array> {
    const doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      lang: document.language,
      displayTitle: true,
      info: { Title: document.title, Creator: 'Tomo', Producer: 'Tomo' },
      bufferPages: false,
    });
    const chunks: Buffer[] = [];
    const done = new Promise<Uint8Array>((resolve, reject) => {
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
      doc.on('error', reject);
    });
    const fonts = pdfFonts();
    // pdfkit takes parsed fontkit fonts; its types know only files and buffers.
    doc.registerFont('body', fonts.regular as unknown as Buffer);
    doc.registerFont('bold', fonts.bold as unknown as Buffer);

    doc.font('bold').fontSize(18).fillColor(COLORS.text).text(document.title);
    doc.moveDown(0.2);
    doc.font('body').fontSize(9).fillColor(COLORS.muted).text(document.subtitle);
    doc.moveDown(0.6);
    this.rule(doc);

    for (const message of document.messages) {
      doc.moveDown(0.6);
      doc.x = MARGIN;
      doc.font('bold').fontSize(11).fillColor(COLORS.text).text(message.author, { continued: true });
      doc.font('body').fontSize(9).fillColor(COLORS.muted).text(`   ${message.time}`);
      doc.moveDown(0.2);
      for (const block of message.blocks) this.block(doc, block);
      for (const attachment of message.attachments) {
        doc.x = MARGIN;
        doc.font('body').fontSize(9).fillColor(COLORS.muted).text(attachment);
      }
    }
    doc.end();
    return done;
  }

  private block(doc: PDFKit.PDFDocument, block: Block): void {
    const width = doc.page.width - MARGIN * 2;
    switch (block.kind) {
      case 'paragraph':
        doc.x = MARGIN;
        this.spans(doc, block.spans, { width });
        break;
      case 'list_item': {
        const left = MARGIN + block.depth * INDENT;
        doc.font('body').fontSize(10.5).fillColor(COLORS.text);
        const y = doc.y;
        doc.text(block.marker, left, y, { width: INDENT + 8, lineBreak: false });
        doc.x = left + INDENT + 8;
        doc.y = y;
        this.spans(doc, block.spans, { width: width - (left - MARGIN) - INDENT - 8 });
        break;
      }
      case 'quote': {
        const top = doc.y;
        doc.x = MARGIN + INDENT;
        this.spans(doc, block.spans, { width: width - INDENT, color: COLORS.muted });
        doc.save().rect(MARGIN + 2, top, 3, Math.max(doc.y - top, 10)).fill(COLORS.quoteBar).restore();
        break;
      }
      case 'code': {
        const font = /^[\x20-\x7e\n\t]*$/.test(block.text) ? 'Courier' : 'body';
        doc.font(font).fontSize(9);
        const text = block.text.replace(/\t/g, '    ') || ' ';
        const height = doc.heightOfString(text, { width: width - 16 }) + 12;
        if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
        const top = doc.y + 2;
        doc.save().rect(MARGIN, top, width, height).fill(COLORS.codeBackground).restore();
        doc.fillColor(COLORS.text).text(text, MARGIN + 8, top + 6, { width: width - 16 });
        doc.y = top + height + 4;
        doc.x = MARGIN;
        break;
      }
    }
    doc.moveDown(0.25);
  }

  /** One run of text: each span in its font, colour, slant, underline and link; one paragraph. */
  private spans(doc: PDFKit.PDFDocument, spans: readonly Span[], options: { width: number; color?: string }): void {
    const visible = spans.filter((span) => span.text !== '');
    if (visible.length === 0) return;
    visible.forEach((span, index) => {
      const color = span.link !== undefined || span.mention ? COLORS.link : span.code ? COLORS.code : (options.color ?? COLORS.text);
      doc.font(span.bold ? 'bold' : 'body').fontSize(span.code ? 9.5 : 10.5).fillColor(color);
      doc.text(span.text, {
        width: options.width,
        continued: index < visible.length - 1,
        underline: span.link !== undefined,
        strike: span.strike === true,
        oblique: span.italic ? ITALIC_ANGLE : false,
        ...(span.link !== undefined ? { link: span.link } : { link: null }),
      });
    });
  }

  private rule(doc: PDFKit.PDFDocument): void {
    const y = doc.y;
    doc.save().moveTo(MARGIN, y).lineTo(doc.page.width - MARGIN, y).lineWidth(0.5).strokeColor(COLORS.rule).stroke().restore();
  }
}
