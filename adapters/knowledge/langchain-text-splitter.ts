import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import type { ExtractedDocument, SplitChunk, TextSplitter } from '../../core/knowledge/content-reader.port';

export interface SplitterOptions {
  /** Characters per chunk (prose about 200 words; code a screenful). */
  proseChunk: number;
  codeChunk: number;
  overlap: number;
}

const DEFAULTS: SplitterOptions = { proseChunk: 1_200, codeChunk: 1_500, overlap: 150 };

// Japanese and Chinese text has no spaces: cut at sentence ends (。！？) before falling back to characters.
const PROSE_SEPARATORS = ['\n\n', '\n', '。', '！', '？', '. ', '! ', '? ', '; ', ', ', '、', ' ', ''];

/**
 * LangChain's recursive splitter: prose along paragraphs and sentences (CJK-aware), code along
 * its language's structure (`fromLanguage`). Line numbers come from `createDocuments`' `loc.lines`,
 * offset by where the document starts.
 */
export class LangChainTextSplitter implements TextSplitter {
  private readonly prose: RecursiveCharacterTextSplitter;
  private readonly code = new Map<string, RecursiveCharacterTextSplitter>();
  private readonly options: SplitterOptions;

  constructor(options: Partial<SplitterOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
    this.prose = new RecursiveCharacterTextSplitter({ chunkSize: this.options.proseChunk, chunkOverlap: this.options.overlap, separators: PROSE_SEPARATORS });
  }

  async split(document: ExtractedDocument): Promise<SplitChunk[]> {
    const splitter = document.language ? this.forLanguage(document.language) : this.prose;
    const pieces = await splitter.createDocuments([document.text]);
    const firstLine = document.location.lineStart ?? 1;
    return pieces
      .filter((piece) => piece.pageContent.trim() !== '')
      .map((piece) => {
        const lines = (piece.metadata as { loc?: { lines?: { from: number; to: number } } }).loc?.lines;
        const withLines = document.location.path !== undefined && lines !== undefined;
        return {
          text: piece.pageContent,
          location: withLines ? { ...document.location, lineStart: firstLine + lines.from - 1, lineEnd: firstLine + lines.to - 1 } : document.location,
        };
      });
  }

  private forLanguage(language: NonNullable<ExtractedDocument['language']>): RecursiveCharacterTextSplitter {
    let splitter = this.code.get(language);
    if (!splitter) {
      const known = ['cpp', 'go', 'java', 'js', 'php', 'python', 'ruby', 'rust', 'scala', 'swift', 'markdown', 'html', 'sol'] as const;
      const lang = (known as readonly string[]).includes(language) ? (language as (typeof known)[number]) : 'js';
      splitter = RecursiveCharacterTextSplitter.fromLanguage(lang === 'markdown' ? 'markdown' : lang, {
        chunkSize: lang === 'markdown' ? this.options.proseChunk : this.options.codeChunk,
        chunkOverlap: this.options.overlap,
      });
      this.code.set(language, splitter);
    }
    return splitter;
  }
}
