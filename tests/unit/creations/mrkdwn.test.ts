import { describe, expect, it } from 'vitest';
import { parseInline, parseMrkdwn } from '../../../core/creations/mrkdwn';

const names = {
  user: (id: string) => ({ U1: 'Alice Archer', U2: '山田 花子' })[id],
  channel: (id: string) => ({ C1: 'general' })[id],
};

describe('Slack mrkdwn → blocks and spans', () => {
  it('bold, italics, strike, inline code, nested marks', () => {
    expect(parseInline('a *bold* and _it_ and ~gone~ and `x < 1` and *_both_*')).toEqual([
      { text: 'a ' },
      { text: 'bold', bold: true },
      { text: ' and ' },
      { text: 'it', italic: true },
      { text: ' and ' },
      { text: 'gone', strike: true },
      { text: ' and ' },
      { text: 'x < 1', code: true },
      { text: ' and ' },
      { text: 'both', bold: true, italic: true },
    ]);
  });

  it('leaves markers that do not open or close a style as text (snake_case, 2*3*4, a lone *)', () => {
    expect(parseInline('snake_case_name and 2*3*4 and * alone')).toEqual([{ text: 'snake_case_name and 2*3*4 and * alone' }]);
  });

  it('bold next to Japanese text', () => {
    expect(parseInline('これは*重要*です')).toEqual([{ text: 'これは' }, { text: '重要', bold: true }, { text: 'です' }]);
  });

  it('links, mentions, channels, special mentions, dates, emoji names and escaped characters', () => {
    expect(
      parseInline('see <https://example.com/a?b=1&amp;c=2|the docs>, <https://x.test> cc <@U1> <@U2> <#C1> <#C9|random> <!here> <!subteam^S1|@design> <!date^1700000000^{date}|Nov 14> :tada: &lt;3 &amp; co', names),
    ).toEqual([
      { text: 'see ' },
      { text: 'the docs', link: 'https://example.com/a?b=1&c=2' },
      { text: ', ' },
      { text: 'https://x.test', link: 'https://x.test' },
      { text: ' cc ' },
      { text: '@Alice Archer', mention: true },
      { text: ' ' },
      { text: '@山田 花子', mention: true },
      { text: ' ' },
      { text: '#general', mention: true },
      { text: ' ' },
      { text: '#random', mention: true },
      { text: ' ' },
      { text: '@here', mention: true },
      { text: ' ' },
      { text: '@design', mention: true },
      { text: ' Nov 14 ' },
      { text: ':tada:', emoji: true },
      { text: ' <3 & co' },
    ]);
  });

  it('blocks: paragraphs, bulleted and numbered lists with depth, quotes, code blocks', () => {
    const blocks = parseMrkdwn(
      ['Plan for *today*:', '• first', '    ◦ nested', '1. one', '2) two', '&gt; quoted *line*', '&gt; second line', '```', 'const a = 1 < 2;', '```', 'after'].join('\n'),
      names,
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', spans: [{ text: 'Plan for ' }, { text: 'today', bold: true }, { text: ':' }] },
      { kind: 'list_item', marker: '•', depth: 0, spans: [{ text: 'first' }] },
      { kind: 'list_item', marker: '•', depth: 1, spans: [{ text: 'nested' }] },
      { kind: 'list_item', marker: '1.', depth: 0, spans: [{ text: 'one' }] },
      { kind: 'list_item', marker: '2.', depth: 0, spans: [{ text: 'two' }] },
      { kind: 'quote', spans: [{ text: 'quoted ' }, { text: 'line', bold: true }, { text: '\nsecond line' }] },
      { kind: 'code', text: 'const a = 1 < 2;' },
      { kind: 'paragraph', spans: [{ text: 'after' }] },
    ]);
  });

  it('blank lines separate paragraphs; an unclosed marker or a non-link <…> stays text; mailto links', () => {
    expect(parseMrkdwn('first *open\nstill open*\n\nsecond <not a link> <mailto:a@b.test|mail us> <mailto:c@d.test>')).toEqual([
      { kind: 'paragraph', spans: [{ text: 'first *open\nstill open*' }] },
      {
        kind: 'paragraph',
        spans: [
          { text: 'second <not a link> ' },
          { text: 'mail us', link: 'mailto:a@b.test' },
          { text: ' ' },
          { text: 'c@d.test', link: 'mailto:c@d.test' },
        ],
      },
    ]);
  });

  it('a one-line code block and marks inside code are kept verbatim', () => {
    expect(parseMrkdwn('run ```npm *test*``` now')).toEqual([
      { kind: 'paragraph', spans: [{ text: 'run' }] },
      { kind: 'code', text: 'npm *test*' },
      { kind: 'paragraph', spans: [{ text: 'now' }] },
    ]);
  });
});
