import { describe, expect, it } from 'vitest';
import { slackMessageText } from '../../../adapters/slack/slack-message-text';

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

  it('reads nothing from blocks of an unexpected shape', () => {
    expect(slackMessageText({ text: '', blocks: [{ type: 'section', elements: [null as never, 3 as never] }] })).toBe('');
    expect(slackMessageText({ text: '', blocks: 'oops' as never })).toBe('');
  });
});
