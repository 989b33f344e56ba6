import { describe, expect, it } from 'vitest';
import { slackMessageFiles, slackMessageText } from '../../../adapters/slack/slack-message-text';

describe('what a Slack message says (slackMessageText)', () => {
  const richText = [
    {
      type: 'rich_text',
      elements: [
        { type: 'rich_text_section', elements: [{ type: 'text', text: 'deploy ' }, { type: 'user', user_id: 'U1' }, { type: 'emoji', name: 'fire' }] },
        { type: 'rich_text_list', elements: [{ type: 'rich_text_section', elements: [{ type: 'link', url: 'https://a.example', text: 'logs' }] }] },
      ],
    },
  ];

  it('reads a message’s text once, even when its rich_text blocks say the same (a person’s message)', () => {
    expect(slackMessageText({ text: 'deploy <@U1> :fire:', blocks: richText })).toBe('deploy <@U1> :fire:');
  });

  it('reads the blocks of a message without text (Slack requires none beside blocks), not its buttons', () => {
    expect(slackMessageText({ text: '', blocks: richText })).toBe('deploy <@U1>:fire:\nlogs (https://a.example)');
    const alert = [
      { type: 'header', text: { type: 'plain_text', text: 'CPU high' } },
      { type: 'section', text: { type: 'mrkdwn', text: 'web-1 at 97%' }, fields: [{ type: 'mrkdwn', text: '*Region:* eu' }], accessory: { type: 'button' } },
      { type: 'divider' },
      { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Silence' } }] },
      { type: 'context', elements: [{ type: 'mrkdwn', text: 'rule 12' }] },
    ];
    expect(slackMessageText({ blocks: alert })).toBe('CPU high\nweb-1 at 97%\n*Region:* eu\nrule 12');
  });

  it('reads a forwarded message (an is_share attachment) with its author, but not a link’s or message link’s unfurl', () => {
    const permalink = 'https://acme.slack.com/archives/C1/p1700000000000100';
    const share = { is_share: true, is_msg_unfurl: true, from_url: permalink, original_url: permalink, author_id: 'U2', author_name: 'bob', fallback: '[Nov 14th] bob: fallback' };
    expect(slackMessageText({ text: 'what does this say?', attachments: [{ ...share, text: 'Launch on Friday' }] })).toBe(
      'what does this say?\nForwarded message from <@U2>:\nLaunch on Friday',
    );
    // Forwarded without a comment, a blocks-only message: its blocks; with neither, Slack's fallback line.
    const blocksOnly = { ...share, text: '', message_blocks: [{ message: { blocks: richText } }] };
    expect(slackMessageText({ text: '', attachments: [blocksOnly] })).toBe('Forwarded message from <@U2>:\ndeploy <@U1>:fire:\nlogs (https://a.example)');
    expect(slackMessageText({ text: '', attachments: [{ ...share, author_id: undefined }] })).toBe('Forwarded message from bob:\n[Nov 14th] bob: fallback');
    // A pasted permalink unfurls without is_share: the link reader reads it, checking who may.
    expect(slackMessageText({ text: `see <${permalink}>`, attachments: [{ from_url: permalink, is_msg_unfurl: true, text: 'Launch on Friday' }] })).toBe(`see <${permalink}>`);
  });

  it('brings the files of a forwarded message beside the message’s own, each once; an unfurl’s none', () => {
    const own = { id: 'F1', name: 'a.txt' };
    const forwardedFile = { id: 'F2', name: 'b.pdf' };
    expect(slackMessageFiles({ files: [own], attachments: [{ is_share: true, files: [forwardedFile, own] }] })).toEqual([own, forwardedFile]);
    expect(slackMessageFiles({ attachments: [{ is_share: true, files: [forwardedFile] }] })).toEqual([forwardedFile]);
    expect(slackMessageFiles({ files: [own], attachments: [{ from_url: 'https://x.example', files: [forwardedFile] }] })).toEqual([own]);
    expect(slackMessageFiles({})).toBeUndefined();
  });

  it('reads nothing from blocks of an unexpected shape', () => {
    expect(slackMessageText({ text: '', blocks: [{ type: 'section', elements: [null as never, 3 as never] }] })).toBe('');
    expect(slackMessageText({ text: '', blocks: 'oops' as never })).toBe('');
    // A null block, `fields` that is not a list, a text object that is null: skipped, the rest read.
    const odd = [null, { type: 'section', fields: 'x', text: { type: 'mrkdwn', text: 'kept' } }, { type: 'header', text: null }, { type: 'context', fields: [null] }];
    expect(slackMessageText({ text: '', blocks: odd as never })).toBe('kept');
  });

  it('reads blocks nested far deeper than Slack nests them without overflowing the stack (the mention check runs on the ack path)', () => {
    const root = { type: 'rich_text', elements: [{ type: 'rich_text_section', elements: [{ type: 'user', user_id: 'UTOMO' }] }] as unknown[] };
    let inner = root;
    for (let i = 0; i < 20_000; i += 1) {
      const next = { type: 'rich_text_quote', elements: [] as unknown[] };
      inner.elements.push(next);
      inner = next;
    }
    expect(slackMessageText({ text: '', blocks: [root as never] })).toBe('<@UTOMO>');
  });
});
