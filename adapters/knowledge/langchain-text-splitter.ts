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
// English and other Latin-script text: a sentence ends at . ! ? followed by a space or a line
// break; a clause at ; or , followed by one.
const LATIN_SENTENCE_ENDS = ['. ', '! ', '? '];
const LATIN_CLAUSE_MARKS = ['; ', ', '];
const LATIN_SEPARATORS = new Set([...LATIN_SENTENCE_ENDS, ...LATIN_CLAUSE_MARKS]);
const PROSE_SEPARATORS = ['\n\n', '\n', ...CJK_SENTENCE_ENDS, ...LATIN_SENTENCE_ENDS, ...LATIN_CLAUSE_MARKS, ...CJK_CLAUSE_MARKS, ' ', ''];
/** Words whose period is no sentence end (Mr. Smith, Dr. Jones, cf. Smith, Smith et al. found). */
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'mx', 'dr', 'prof', 'sr', 'jr', 'st', 'mt', 'vs', 'cf', 'al', 'approx', 'ca', 'viz', 'gen', 'gov', 'lt', 'col', 'capt', 'sgt', 'rev', 'hon', 'dept']);
/** Words whose period is no sentence end before a number (No. 5, Fig. 3, pp. 12). */
const NUMBERED = new Set(['no', 'nos', 'fig', 'figs', 'eq', 'eqs', 'vol', 'vols', 'pp', 'p', 'ch', 'sec', 'art', 'ref', 'op']);

function escapeRegExp(text: string): string {
  return text.replace(/[/\-\\^$*+?.()|[\]{}]/g, '\\$&');
}

/**
 * LangChain keeps a separator at the start of the next piece (a lookahead split), which is right
 * for '\n## ' or ' ', but a Japanese chunk then ended mid-sentence and the next one began with
 * '。', an English one with '. '. Sentence and clause punctuation is kept at the end of its
 * sentence instead, with any closing brackets or quotes after it (and, for English, the spaces);
 * every other separator behaves as LangChain's. Code separators never include these, so code is
 * split as LangChain does.
 */
class SentenceEndSplitter extends RecursiveCharacterTextSplitter {
  override splitOnSeparator(text: string, separator: string): string[] {
    if (LATIN_SEPARATORS.has(separator)) return cutAt(text, latinCuts(text, separator));
    if (!CJK_SEPARATORS.has(separator)) return super.splitOnSeparator(text, separator);
    const closers = `[${escapeRegExp(CLOSERS)}]`;
    const cut = new RegExp(`(?<=${escapeRegExp(separator)}${closers}*)(?!${closers})`);
    return text.split(cut).filter((piece) => piece !== '');
  }
}

/**
 * Where an English piece may be cut for `separator` ('. ', '! ', '? ', '; ', ', '): after the mark,
 * closing brackets or quotes and the spaces or line breaks after them. A decimal (3.14) or an
 * address (example.com/a.html) has no space after its period and is never cut. Not after a
 * sentence end followed by a lower-case letter (e.g. the, approx. five), an abbreviation
 * (Mr. Smith, Fig. 3), an initial (J. R. R. Tolkien) or dotted letters (U.S., e.g.).
 */
function latinCuts(text: string, separator: string): number[] {
  const mark = separator[0]!;
  const sentence = LATIN_SENTENCE_ENDS.includes(separator);
  const pattern = new RegExp(`${escapeRegExp(mark)}${sentence ? '[.!?…]*' : ''}[${escapeRegExp(CLOSERS)}]*\\s+`, 'gu');
  const cuts: number[] = [];
  for (const match of text.matchAll(pattern)) {
    const end = match.index + match[0].length;
    if (end >= text.length) continue;
    if (sentence && /\p{Ll}/u.test(text[end]!)) continue;
    if (mark === '.' && isAbbreviation(wordBefore(text, match.index), text[end]!)) continue;
    cuts.push(end);
  }
  return cuts;
}

/** The word (up to 32 characters) that ends at `at`: scanned back, as the text may be a whole page on one line. */
function wordBefore(text: string, at: number): string {
  let from = at;
  while (from > 0 && at - from < 32 && !/\s/.test(text[from - 1]!)) from -= 1;
  return text.slice(from, at);
}

function isAbbreviation(token: string, next: string): boolean {
  const word = token.replace(/^[^\p{L}]+/u, '');
  const lower = word.toLowerCase();
  return (
    ABBREVIATIONS.has(lower) ||
    (NUMBERED.has(lower) && /\d/.test(next)) ||
    /^\p{Lu}$/u.test(word) ||
    /^(?:\p{L}\.)+\p{L}$/u.test(word)
  );
}

function cutAt(text: string, cuts: number[]): string[] {
  const pieces: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    pieces.push(text.slice(from, cut));
    from = cut;
  }
  pieces.push(text.slice(from));
  return pieces.filter((piece) => piece !== '');
}

/**
 * A language's separators with the sentence ends before the bare space, so a Japanese README is
 * cut at its sentences too; Markdown (prose) also gets the English ones, code does not.
 */
function withSentences(separators: string[], latin: boolean): string[] {
  const space = separators.lastIndexOf(' ');
  const at = space === -1 ? separators.length - 1 : space;
  const ends = latin ? [...CJK_SENTENCE_ENDS, ...LATIN_SENTENCE_ENDS, ...LATIN_CLAUSE_MARKS, ...CJK_CLAUSE_MARKS] : [...CJK_SENTENCE_ENDS, ...CJK_CLAUSE_MARKS];
  return [...separators.slice(0, at), ...ends, ...separators.slice(at)];
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
        separators: withSentences(RecursiveCharacterTextSplitter.getSeparatorsForLanguage(lang), lang === 'markdown'),
        chunkSize: lang === 'markdown' ? this.options.proseChunk : this.options.codeChunk,
        chunkOverlap: this.options.overlap,
      });
      this.code.set(language, splitter);
    }
    return splitter;
  }
}
