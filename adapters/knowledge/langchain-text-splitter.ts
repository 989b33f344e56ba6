import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import type { ExtractedDocument, SplitChunk, TextSplitter } from '../../core/knowledge/content-reader.port';

export interface SplitterOptions {
  /** Characters per chunk (prose about 200 words; code a screenful). */
  proseChunk: number;
  codeChunk: number;
  overlap: number;
}

const DEFAULTS: SplitterOptions = { proseChunk: 1_200, codeChunk: 1_500, overlap: 150 };

// Japanese and Chinese text has no spaces: cut at sentence ends (。！？ and their full-width and
// half-width forms), then at clause marks (、，；：), before falling back to characters.
const CJK_SENTENCE_ENDS = ['。', '！', '？', '．', '｡', '‼', '⁇', '⁈', '⁉'];
const CJK_CLAUSE_MARKS = ['；', '、', '，', '：', '､'];
const CJK_SEPARATORS = new Set([...CJK_SENTENCE_ENDS, ...CJK_CLAUSE_MARKS]);
// Closing brackets and quotes that belong to the sentence before the cut: 「…。」 stays whole.
const CLOSERS = '」』）〕】〗〙〛》〉＞］｝"\'”’)';
const PROSE_SEPARATORS = ['\n\n', '\n', ...CJK_SENTENCE_ENDS, '. ', '! ', '? ', '; ', ', ', ...CJK_CLAUSE_MARKS, ' ', ''];

function escapeRegExp(text: string): string {
  return text.replace(/[/\-\\^$*+?.()|[\]{}]/g, '\\$&');
}

/**
 * LangChain keeps a separator at the start of the next piece (a lookahead split), which is right
 * for '\n## ' or ' ', but a Japanese chunk then ended mid-sentence and the next one began with
 * '。'. CJK punctuation is kept at the end of its sentence instead, with any closing brackets
 * after it; every other separator behaves as LangChain's.
 */
class SentenceEndSplitter extends RecursiveCharacterTextSplitter {
  override splitOnSeparator(text: string, separator: string): string[] {
    if (!CJK_SEPARATORS.has(separator)) return super.splitOnSeparator(text, separator);
    const closers = `[${escapeRegExp(CLOSERS)}]`;
    const cut = new RegExp(`(?<=${escapeRegExp(separator)}${closers}*)(?!${closers})`);
    return text.split(cut).filter((piece) => piece !== '');
  }
}

/** A language's separators with the CJK ones before the bare space, so a Japanese README is cut at its sentences too. */
function withCjk(separators: string[]): string[] {
  const space = separators.lastIndexOf(' ');
  const at = space === -1 ? separators.length - 1 : space;
  return [...separators.slice(0, at), ...CJK_SENTENCE_ENDS, ...CJK_CLAUSE_MARKS, ...separators.slice(at)];
}

/**
 * LangChain's recursive splitter: prose along paragraphs and sentences (CJK-aware), code along
 * its language's structure (`fromLanguage`). Line numbers come from `createDocuments`' `loc.lines`,
 * offset by where the document starts.
 */
export class LangChainTextSplitter implements TextSplitter {
  private readonly prose: SentenceEndSplitter;
  private readonly code = new Map<string, SentenceEndSplitter>();
  private readonly options: SplitterOptions;

  constructor(options: Partial<SplitterOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
    this.prose = new SentenceEndSplitter({ chunkSize: this.options.proseChunk, chunkOverlap: this.options.overlap, separators: PROSE_SEPARATORS });
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

  private forLanguage(language: NonNullable<ExtractedDocument['language']>): SentenceEndSplitter {
    let splitter = this.code.get(language);
    if (!splitter) {
      const known = ['cpp', 'go', 'java', 'js', 'php', 'python', 'ruby', 'rust', 'scala', 'swift', 'markdown', 'html', 'sol'] as const;
      const lang = (known as readonly string[]).includes(language) ? (language as (typeof known)[number]) : 'js';
      splitter = new SentenceEndSplitter({
        separators: withCjk(RecursiveCharacterTextSplitter.getSeparatorsForLanguage(lang)),
        chunkSize: lang === 'markdown' ? this.options.proseChunk : this.options.codeChunk,
        chunkOverlap: this.options.overlap,
      });
      this.code.set(language, splitter);
    }
    return splitter;
  }
}
