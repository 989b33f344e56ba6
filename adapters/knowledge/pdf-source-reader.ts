import { createHash } from 'node:crypto';
import { KnowledgeReadError, type SourceContent, type SourceContentReader } from '../../core/knowledge/content-reader.port';
import type { KnowledgeSourceRecord } from '../../core/knowledge/knowledge-source';
import { DOCUMENT_TIMEOUT, DocumentTextError, pdfPages } from '../documents/document-text';

/** PDFs up to this size are read (a Slack upload can be far larger). */
export const MAX_PDF_BYTES = 50 * 1024 * 1024;

/**
 * Time one PDF's text may take. A 50 MB PDF of ordinary text pages reads in well under it; one
 * whose pages inflate to gigabytes of operators would hold its thread for minutes.
 */
export const PDF_READ_TIMEOUT_MS = 120_000;

/**
 * A PDF's text page by page (unpdf, pdf.js; CJK fonts included), so each passage cites its
 * page. The bytes are downloaded for the read and dropped: only the chunks stay (HIPAA
 * statement: PDF content is stored only as vectors and their sealed passages). pdf.js runs in a
 * worker thread (`pdfPages`): on the worker's main thread a hostile PDF held every answer.
 */
export class PdfSourceReader implements SourceContentReader {
  constructor(
    private readonly download: (source: KnowledgeSourceRecord, maxBytes: number, signal: AbortSignal) => Promise<Uint8Array>,
    private readonly options: { readonly timeoutMs?: number } = {},
  ) {}

  async read(source: KnowledgeSourceRecord, signal: AbortSignal): Promise<SourceContent> {
    const bytes = await this.download(source, MAX_PDF_BYTES, signal);
    let pages: string[];
    try {
      pages = (await pdfPages(bytes, { signal, timeoutMs: this.options.timeoutMs ?? PDF_READ_TIMEOUT_MS })).pages;
    } catch (error) {
      // The job was stopped: it is retried, not failed.
      signal.throwIfAborted();
      // Out of the thread's heap, or out of time: a PDF too large to read.
      const tooLarge = error instanceof DocumentTextError && (error.failure === 'too_large' || error.message === DOCUMENT_TIMEOUT);
      throw new KnowledgeReadError(tooLarge ? 'too_large' : 'unsupported', tooLarge ? 'a PDF too large to read' : 'not a readable PDF');
    }
    const documents = pages.map((text, i) => ({ text: text.trim(), location: { page: i + 1 } })).filter((d) => d.text !== '');
    // The fingerprint is kept only as a keyed hash of this digest (the repository's), never the bytes.
    const contentKey = createHash('sha256').update(bytes).digest('hex');
    return { documents, sizeBytes: documents.reduce((s, d) => s + Buffer.byteLength(d.text), 0), contentKey };
  }
}
