import type { FailureCode, KnowledgeSourceRecord } from './knowledge-source';
import type { ChunkLocation } from './vector-store.port';

/** A programming language the splitter knows how to cut along (functions, classes…). */
export type CodeLanguage = 'js' | 'python' | 'go' | 'java' | 'rust' | 'ruby' | 'php' | 'cpp' | 'markdown' | 'html' | 'sol' | 'swift' | 'scala' | 'kotlin';

/** One readable part of a source: a page of a site, a page of a PDF, a file of a repository. */
export interface ExtractedDocument {
  readonly text: string;
  /** Where it sits; chunks keep it, adding their lines for code. */
  readonly location: ChunkLocation;
  readonly language?: CodeLanguage;
}

export interface SourceContent {
  readonly documents: readonly ExtractedDocument[];
  /** Bytes of text read (shown as the source's size). */
  readonly sizeBytes: number;
  /** Pages of a site found but not read because the site's robots.txt disallows them (shown with the source). */
  readonly robotsLeftOut?: number;
  /** A repository read only in part, its caps reached: the files read before the cut (shown with the source). */
  readonly cutAfterFiles?: number;
  /**
   * A fingerprint of the content (an uploaded PDF's bytes, SHA-256): a workspace keeps one source
   * per fingerprint, so the same file uploaded again is not stored and cited twice.
   */
  readonly contentKey?: string;
}

/** An expected failure while reading, shown to the person as the source's reason. */
export class KnowledgeReadError extends Error {
  override readonly name = 'KnowledgeReadError';
  constructor(readonly code: FailureCode, detail?: string) {
    super(detail ?? code);
  }
}

/** Fetches and extracts one kind of source (web, pdf, repository). The original is kept nowhere. */
export interface SourceContentReader {
  read(source: KnowledgeSourceRecord, signal: AbortSignal): Promise<SourceContent>;
}

export interface SplitChunk {
  readonly text: string;
  readonly location: ChunkLocation;
}

/** Cuts documents into passages small enough to embed and to quote (code along its structure). */
export interface TextSplitter {
  split(document: ExtractedDocument): Promise<SplitChunk[]>;
}
