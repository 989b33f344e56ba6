import type { TeamId } from '../shared/ids';
import type { SourceKind } from './knowledge-source';

/** Where a passage sits in its source, for the citation: the page of a PDF, the file and lines of a repository, the page of a site. */
export interface ChunkLocation {
  /** PDF page, from 1. */
  readonly page?: number;
  /** Repository file path. */
  readonly path?: string;
  readonly lineStart?: number;
  readonly lineEnd?: number;
  /** The page of a site the passage came from (may differ from the source's URL). */
  readonly url?: string;
  /** That page's title. */
  readonly title?: string;
}

export interface NewChunk {
  /** Position in the source, from 0; a source never holds two chunks with the same ordinal. */
  readonly ordinal: number;
  readonly text: string;
  readonly embedding: Float32Array;
  readonly location: ChunkLocation;
}

export interface ChunkQuery {
  readonly embedding: Float32Array;
  /**
   * The question's words, for the keyword side (ADR 96): passages sharing its rarer terms (a code
   * such as ERR-4012, a number, a name) are ranked too, and the two rankings fused. Without it,
   * vector only.
   */
  readonly text?: string;
  /** Only chunks of these kinds of source (each search tool reads its own kind). */
  readonly kinds: readonly SourceKind[];
  readonly limit: number;
}

export interface ChunkHit {
  readonly sourceId: string;
  readonly kind: SourceKind;
  readonly title: string;
  readonly url: string | null;
  readonly text: string;
  readonly location: ChunkLocation;
  /** Cosine similarity, 1 = same direction; 0 for a passage only the keyword side found. */
  readonly score: number;
}

/**
 * Chunks of uploaded content with their vectors (adapters: pgvector with HNSW, portable
 * exact search). Every call is scoped by team id; chunk text is sealed at rest. A chunk is
 * found only once its source is `ready`, so a source being (re)ingested is never half visible.
 */
export interface VectorStore {
  readonly name: 'pgvector' | 'portable';
  /**
   * Stores one batch of a source's chunks and advances the source's progress by as many, in
   * one transaction: the progress shown is always what is stored.
   */
  addChunks(teamId: TeamId, sourceId: string, chunks: readonly NewChunk[]): Promise<void>;
  /** Removes every chunk of a source (a re-run starts clean) and resets its progress. */
  clearChunks(teamId: TeamId, sourceId: string): Promise<void>;
  /**
   * The workspace's ready sources' chunks nearest the query, best first; with the query's text,
   * fused with those sharing its terms (reciprocal rank fusion).
   */
  search(teamId: TeamId, query: ChunkQuery): Promise<ChunkHit[]>;
}
