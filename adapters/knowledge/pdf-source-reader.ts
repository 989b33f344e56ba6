import { extractText, getDocumentProxy } from 'unpdf';
import { KnowledgeReadError, type SourceContent, type SourceContentReader } from '../../core/knowledge/content-reader.port';
import type { KnowledgeSourceRecord } from '../../core/knowledge/knowledge-source';

/** PDFs up to this size are read (a Slack upload can be far larger). */
export const MAX_PDF_BYTES = 50 * 1024 * 1024;

/**
 * A PDF's text page by page (unpdf, pdf.js; CJK fonts included), so each passage cites its
 * page. The bytes are downloaded for the read and dropped: only the chunks stay (HIPAA
 * statement: PDF content is stored only as vectors and their sealed passages).
 */
export class PdfSourceReader implements SourceContentReader {
  constructor(private readonly download: (source: KnowledgeSourceRecord, maxBytes: number, signal: AbortSignal) => Promise<Uint8Array>) {}

  async read(source: KnowledgeSourceRecord, signal: AbortSignal): Promise<SourceContent> {
    const bytes = await this.download(source, MAX_PDF_BYTES, signal);
    let pages: string[];
    try {
      const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
      pages = (await extractText(pdf, { mergePages: false })).text;
    } catch {
      throw new KnowledgeReadError('unsupported', 'not a readable PDF');
    }
    const documents = pages.map((text, i) => ({ text: text.trim(), location: { page: i + 1 } })).filter((d) => d.text !== '');
    return { documents, sizeBytes: documents.reduce((s, d) => s + Buffer.byteLength(d.text), 0) };
  }
}
