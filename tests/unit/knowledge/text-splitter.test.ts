import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import { describe, expect, it } from 'vitest';
import { LangChainTextSplitter } from '../../../adapters/knowledge/langchain-text-splitter';

// Natsume Sōseki, 吾輩は猫である (1905), public domain: no spaces, sentences end with 。
const SOSEKI =
  '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。' +
  '吾輩はここで始めて人間というものを見た。しかもあとで聞くとそれは書生という人間中で一番獰悪な種族であったそうだ。' +
  'この書生というのは時々我々を捕えて煮て食うという話である。しかしその当時は何という考もなかったから別段恐しいとも思わなかった。' +
  'ただ彼の掌に載せられてスーと持ち上げられた時何だかフワフワした感じがあったばかりである。';

const location = { url: 'https://example.jp/neko' };

describe('LangChainTextSplitter', () => {
  it('ends Japanese chunks after 。 (the next chunk starts a sentence, not with its period), within the size', async () => {
    const splitter = new LangChainTextSplitter({ proseChunk: 80, overlap: 0 });
    const chunks = (await splitter.split({ text: SOSEKI, location })).map((chunk) => chunk.text);

    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(80);
      expect(chunk.endsWith('。')).toBe(true);
      expect(chunk.startsWith('。')).toBe(false);
    }
    expect(chunks.join('')).toBe(SOSEKI);
  });

  it('keeps a closing quote with its sentence and cuts at ！ and ？', async () => {
    const text = '「今日は本当にいい天気ですね。」と彼は言った！あなたはどう思いますか？私はそう思います。';
    const splitter = new LangChainTextSplitter({ proseChunk: 20, overlap: 0 });
    const chunks = (await splitter.split({ text, location })).map((chunk) => chunk.text);

    expect(chunks).toEqual(['「今日は本当にいい天気ですね。」', 'と彼は言った！', 'あなたはどう思いますか？', '私はそう思います。']);
  });

  it('cuts a Japanese Markdown file (a README) at its sentences too', async () => {
    const splitter = new LangChainTextSplitter({ proseChunk: 80, overlap: 0 });
    const chunks = (await splitter.split({ text: `# 猫\n\n${SOSEKI}`, location: { path: 'README.md', lineStart: 1 }, language: 'markdown' })).map((chunk) => chunk.text);

    for (const chunk of chunks.slice(1)) {
      expect(chunk.length).toBeLessThanOrEqual(80);
      expect(chunk.endsWith('。')).toBe(true);
    }
  });

  it('ends English chunks with their period: the next chunk starts with the next sentence, not with ". "', async () => {
    const text = 'The quick brown fox jumps over the lazy dog. It was a sunny day in the park. Everyone was happy and the birds were singing loudly.';
    const splitter = new LangChainTextSplitter({ proseChunk: 50, overlap: 0 });
    const chunks = (await splitter.split({ text, location })).map((chunk) => chunk.text);

    expect(chunks).toEqual(['The quick brown fox jumps over the lazy dog.', 'It was a sunny day in the park.', 'Everyone was happy and the birds were singing', 'loudly.']);
  });

  it('keeps ! and ? and a closing quote with their sentence, and ; and , with their clause', async () => {
    const text = 'Stop the engines now! Is the pilot on board? "We have arrived." The quay was empty. The harbour master\nwaved from the quay.\nThe crew cheered loudly, and the gulls answered them; nobody slept.';
    const splitter = new LangChainTextSplitter({ proseChunk: 40, overlap: 0 });
    const chunks = (await splitter.split({ text, location })).map((chunk) => chunk.text);

    expect(chunks).toEqual([
      'Stop the engines now!',
      'Is the pilot on board?',
      '"We have arrived."',
      'The quay was empty. The harbour master',
      'waved from the quay.',
      'The crew cheered loudly,',
      'and the gulls answered them;',
      'nobody slept.',
    ]);
  });

  it('does not cut English at a decimal, an address, an abbreviation or an initial', async () => {
    const text =
      'Pi is about 3.14 and e is about 2.72 in most tables. ' +
      'Mr. Smith and Dr. Jones read it, e.g. in the U.S. Navy manual. ' +
      'See https://example.com/docs/v1.2/index.html for more. ' +
      'J. R. R. Tolkien wrote about it, cf. Fig. 3 in Vol. 2 of the notes. ' +
      'The end is near.';
    const splitter = new LangChainTextSplitter({ proseChunk: 72, overlap: 0 });
    const chunks = (await splitter.split({ text, location })).map((chunk) => chunk.text);

    expect(chunks).toEqual([
      'Pi is about 3.14 and e is about 2.72 in most tables.',
      'Mr. Smith and Dr. Jones read it, e.g. in the U.S. Navy manual.',
      'See https://example.com/docs/v1.2/index.html for more.',
      'J. R. R. Tolkien wrote about it, cf. Fig. 3 in Vol. 2 of the notes.',
      'The end is near.',
    ]);
  });

  it('cuts an English Markdown file (a README) at its sentences, not mid-sentence at a space', async () => {
    const text = '# Harbour\n\nThe harbour opens at dawn. Pilots board at the fairway buoy. Dredging of berth 3 ends in May, weather permitting.';
    const splitter = new LangChainTextSplitter({ proseChunk: 70, overlap: 0 });
    const chunks = (await splitter.split({ text, location: { path: 'README.md', lineStart: 1 }, language: 'markdown' })).map((chunk) => chunk.text);

    expect(chunks).toEqual(['# Harbour', 'The harbour opens at dawn. Pilots board at the fairway buoy.', 'Dredging of berth 3 ends in May, weather permitting.']);
  });

  it('splits code as LangChain does for its language, periods and all', async () => {
    const code = [
      '// Reads the harbour tides. Call it once a day. Or not!',
      'function tides(port) {',
      "  const note = 'High water at 06.12. Low water at 12.30. Check the table, then sail.';",
      '  return fetchTable(port).then((rows) => rows.filter((row) => row.height > 3.14));',
      '}',
      '',
      'export function moon(date) {',
      '  // Full moon? Spring tides. Neap tides otherwise.',
      '  return phase(date) === 0.5 ? "spring" : "neap";',
      '}',
    ].join('\n');
    const splitter = new LangChainTextSplitter({ codeChunk: 60, overlap: 0 });
    const chunks = (await splitter.split({ text: code, location: { path: 'src/tides.js', lineStart: 1 }, language: 'js' })).map((chunk) => chunk.text);
    const langchain = RecursiveCharacterTextSplitter.fromLanguage('js', { chunkSize: 60, chunkOverlap: 0 });

    expect(chunks).toEqual((await langchain.createDocuments([code])).map((piece) => piece.pageContent));
  });
});
