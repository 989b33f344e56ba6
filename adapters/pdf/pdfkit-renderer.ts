import PDFDocument from 'pdfkit';
import type { Block, Span } from '../../core/creations/mrkdwn';
import type { PdfDocument, PdfRenderer } from '../../core/creations/pdf-document';
import { fontRuns, measurableText, type FontRun } from './font-runs';
import { pdfFonts } from './pdf-fonts';

const COLORS = { text: '#1d1c1d', muted: '#616061', link: '#1264a3', code: '#c01343', rule: '#dddddd', codeBackground: '#f6f6f6', quoteBar: '#c9c9c9' };
const MARGIN = 56;
const INDENT = 14;
const ITALIC_ANGLE = 12;

type Face = 'body' | 'bold';

/** Text drawn in one face, size and colour, with what else pdfkit should do to it. */
interface Piece {
  readonly text: string;
  readonly face: Face;
  readonly size: number;
  readonly color: string;
  readonly options?: PDFKit.Mixins.TextOptions;
}

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
    doc.registerFont('emoji', fonts.emoji as unknown as Buffer);

    this.flow(doc, [{ text: document.title, face: 'bold', size: 18, color: COLORS.text }]);
    doc.moveDown(0.2);
    this.flow(doc, [{ text: document.subtitle, face: 'body', size: 9, color: COLORS.muted }]);
    doc.moveDown(0.6);
    this.rule(doc);

    for (const message of document.messages) {
      doc.moveDown(0.6);
      doc.x = MARGIN;
      this.flow(doc, [
        { text: message.author, face: 'bold', size: 11, color: COLORS.text },
        { text: `   ${message.time}`, face: 'body', size: 9, color: COLORS.muted },
      ]);
      doc.moveDown(0.2);
      for (const block of message.blocks) this.block(doc, block);
      for (const attachment of message.attachments) {
        doc.x = MARGIN;
        this.flow(doc, [{ text: attachment, face: 'body', size: 9, color: COLORS.muted }]);
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
        const text = block.text.replace(/\t/g, '    ') || ' ';
        const ascii = /^[\x20-\x7e\n\t]*$/.test(text);
        doc.font(ascii ? 'Courier' : 'body').fontSize(9);
        const height = doc.heightOfString(ascii ? text : measurableText(this.runs(text, 'body')), { width: width - 16 }) + 12;
        if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
        const top = doc.y + 2;
        doc.save().rect(MARGIN, top, width, height).fill(COLORS.codeBackground).restore();
        doc.x = MARGIN + 8;
        doc.y = top + 6;
        if (ascii) doc.fillColor(COLORS.text).text(text, { width: width - 16 });
        else this.flow(doc, [{ text, face: 'body', size: 9, color: COLORS.text }], { width: width - 16 });
        doc.y = top + height + 4;
        doc.x = MARGIN;
        break;
      }
    }
    doc.moveDown(0.25);
  }

  /** One run of text: each span in its font, colour, slant, underline and link; one paragraph. */
  private spans(doc: PDFKit.PDFDocument, spans: readonly Span[], options: { width: number; color?: string }): void {
    this.flow(
      doc,
      spans.map((span) => ({
        text: span.text,
        face: span.bold ? 'bold' : 'body',
        size: span.code ? 9.5 : 10.5,
        color: span.link !== undefined || span.mention ? COLORS.link : span.code ? COLORS.code : (options.color ?? COLORS.text),
        options: {
          underline: span.link !== undefined,
          strike: span.strike === true,
          oblique: span.italic ? ITALIC_ANGLE : false,
          ...(span.link !== undefined ? { link: span.link } : { link: null }),
        },
      })),
      { width: options.width },
    );
  }

  /**
   * Pieces of text as one paragraph, each in its face, size and colour, each split into runs by
   * font (emoji in the fallback font), all drawn with `continued` so pdfkit wraps them as one text.
   */
  private flow(doc: PDFKit.PDFDocument, pieces: readonly Piece[], options: PDFKit.Mixins.TextOptions = {}): void {
    const runs = pieces.flatMap((piece) => this.runs(piece.text, piece.face).map((run) => ({ piece, run })));
    runs.forEach(({ piece, run }, index) => {
      doc.font(run.fallback ? 'emoji' : piece.face).fontSize(piece.size).fillColor(piece.color);
      missingGlyphAsReplacementCharacter(doc);
      doc.text(run.text, { ...options, ...piece.options, continued: index < runs.length - 1 });
    });
  }

  private runs(text: string, face: Face): FontRun[] {
    const fonts = pdfFonts();
    return fontRuns(text, face === 'bold' ? fonts.bold : fonts.regular, fonts.emoji);
  }

  private rule(doc: PDFKit.PDFDocument): void {
    const y = doc.y;
    doc.save().moveTo(MARGIN, y).lineTo(doc.page.width - MARGIN, y).lineWidth(0.5).strokeColor(COLORS.rule).stroke().restore();
  }
}

/**
 * A character no font has (Hangul, Thai, Arabic…) is drawn as the font's missing-glyph box,
 * glyph 0, which pdfkit's text layer maps to U+0000. U+FFFD, the replacement character, says
 * what it is to a reader copying the text or a screen reader.
 */
function missingGlyphAsReplacementCharacter(doc: PDFKit.PDFDocument): void {
  const font = (doc as unknown as { _font: { unicode?: number[][] } })._font;
  if (font.unicode?.[0]?.[0] === 0) font.unicode[0] = [0xfffd];
}
