import { describe, expect, it } from 'vitest';
import { MentionFilter, neutraliseMentions, WORD_JOINER as J } from '../../../core/shared/special-mentions';

/** What a filter lets out when `text` arrives cut at each of `cuts`, then ends. */
function streamed(text: string, cuts: readonly number[]): { pieces: string[]; whole: string } {
  const filter = new MentionFilter();
  const bounds = [0, ...cuts, text.length];
  const pieces = bounds.slice(1).map((end, i) => filter.push(text.slice(bounds[i], end)));
  pieces.push(filter.end());
  return { pieces, whole: pieces.join('') };
}

describe('neutraliseMentions', () => {
  it('turns channel-wide mentions, with or without a label, into an inert @name that reads the same', () => {
    expect(neutraliseMentions('Heads up <!channel>, and <!here>, and <!everyone>!')).toBe(`Heads up @${J}channel, and @${J}here, and @${J}everyone!`);
    expect(neutraliseMentions('<!here|here> <!channel|@channel> <!HERE>')).toBe(`@${J}here @${J}channel @${J}HERE`);
  });

  it('turns user-group mentions into their handle, or their id when they name none', () => {
    expect(neutraliseMentions('ping <!subteam^S0123|@design-team> and <!subteam^S999>')).toBe(`ping @${J}design-team and @${J}S999`);
  });

  it('leaves people, channel links, links and dates as they are', () => {
    const text = '<@U123> see <#C456|general>, <https://example.com|docs> at <!date^1392734382^{date_num}|2014-02-18>';
    expect(neutraliseMentions(text)).toBe(text);
  });

  it('breaks an unknown or unclosed `<!` command so that nothing after it can close it into a mention', () => {
    expect(neutraliseMentions('<!admins> and <!here')).toBe(`@${J}admins and <${J}!here`);
    expect(neutraliseMentions('<!here\n>')).toBe(`<${J}!here\n>`);
  });

  it('neutralises mentions in code spans and blocks too', () => {
    expect(neutraliseMentions('`<!here>`\n```\n<!channel>\n```')).toBe(`\`@${J}here\`\n\`\`\`\n@${J}channel\n\`\`\``);
  });

  it('makes plain @here, @channel and @everyone inert, but not addresses, handles or words that merely start with them', () => {
    expect(neutraliseMentions('@here: (@Channel) *@everyone*')).toBe(`@${J}here: (@${J}Channel) *@${J}everyone*`);
    const kept = 'ops@here.example, https://example.com/@channel, @heresy, @channels, @everyone-else, @alice';
    expect(neutraliseMentions(kept)).toBe(kept);
  });

  it('is idempotent', () => {
    const once = neutraliseMentions('<!channel> @here <!subteam^S1|@ops> <!foo');
    expect(neutraliseMentions(once)).toBe(once);
  });
});

describe('MentionFilter (streamed text)', () => {
  const text = 'Hi <!channel> and <!subteam^S1|@team>, @everyone, <@U1> <!date^1^{date}|x>.';

  it('gives the same text as the whole-text function wherever the stream is cut', () => {
    for (let cut = 1; cut < text.length; cut += 1) {
      const { whole } = streamed(text, [cut]);
      expect(whole, `cut at ${cut}`).toBe(neutraliseMentions(text));
    }
    expect(streamed(text, Array.from({ length: text.length - 1 }, (_, i) => i + 1)).whole).toBe(neutraliseMentions(text));
  });

  it('leaves an address or handle alone wherever the stream cuts it, even right after its `@`', () => {
    // A model's tokens often end at `@`: `ops@` then `here.example` must not become `ops@⁠here.example`.
    const kept = 'Write to ops@here.example or news@channel4.example, not @heresy.';
    for (let cut = 1; cut < kept.length; cut += 1) expect(streamed(kept, [cut]).whole, `cut at ${cut}`).toBe(kept);
    expect(streamed(kept, Array.from({ length: kept.length - 1 }, (_, i) => i + 1)).whole).toBe(kept);
  });

  it('decides a plain @here by the character written before it, also right after a `<!…>` mention', () => {
    const text = '<!here>@here <!subteam^S1|@here>';
    expect(neutraliseMentions(text)).toBe(`@${J}here@${J}here @${J}here`);
    for (let cut = 1; cut < text.length; cut += 1) expect(streamed(text, [cut]).whole, `cut at ${cut}`).toBe(neutraliseMentions(text));
  });

  it('holds back only what could still become a mention', () => {
    expect(streamed('Heads up <!chan' + 'nel> now', [15]).pieces).toEqual(['Heads up ', `@${J}channel now`, '']);
    // A whole `@everyone` still waits for the next character: `@everyone-else` is a handle.
    expect(streamed('say @ever' + 'yone', [9]).pieces).toEqual(['say ', '', `@${J}everyone`]);
    // Ordinary text, people and links go out as they arrive.
    expect(streamed('Hello <@U1>, see <https://a.example|a>. Done', [3, 9, 20]).pieces).toEqual(['Hel', 'lo <@U', '1>, see <ht', 'tps://a.example|a>. Done', '']);
    // A lone `<` waits for the next character only.
    expect(streamed('a <' + 'b', [3]).pieces).toEqual(['a ', '<b', '']);
  });

  it('lets out what it held when the text ends, neutralised as it stands', () => {
    expect(streamed('the end <!here', []).pieces).toEqual(['the end ', `<${J}!here`]);
    expect(streamed('the end @here', []).pieces).toEqual(['the end ', `@${J}here`]);
  });

  it('forgets what it held when the answer starts over', () => {
    const filter = new MentionFilter();
    expect(filter.push('first <!chan')).toBe('first ');
    filter.reset();
    expect(filter.push('nel> second')).toBe('nel> second');
  });
});
