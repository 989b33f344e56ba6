import { describe, expect, it } from 'vitest';
import { ApproximateTokenizer } from '../../../adapters/memory/approximate-tokenizer';
import { InMemoryChatPlatformFactory, InMemoryChatWorkspace } from '../../../adapters/memory/in-memory-chat-platform';
import { channelTranscript } from '../../../core/assistant/channel-transcript';
import { collectAnswer } from '../../../core/assistant/collected-answer';
import { composeSystemPrompt, CONTEXT_NOTE, TASK_NOTE } from '../../../core/instructions/compose-instructions';
import { claimKey } from '../../../core/triggers/trigger-gate';

const tokenizer = new ApproximateTokenizer();

describe('the pieces every trigger shares', () => {
  it('composes the instruction layers, then the trigger’s task, then its context material, in that order', () => {
    const prompt = composeSystemPrompt(
      { system: 'Be Tomo.', workspace: 'Use British English.', user: 'Be brief.' },
      { task: 'Translate the message into French.', context: { title: 'Channel #general', text: 'alice: hi' } },
    );
    const order = ['## System instructions', '## Workspace instructions', '## User instructions', 'If these instructions conflict', '## Task', TASK_NOTE, '## Channel #general', CONTEXT_NOTE, 'alice: hi'];
    const positions = order.map((part) => prompt.indexOf(part));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // Without a task or context, nothing is added; empty context text is left out.
    expect(composeSystemPrompt({ system: 'Be Tomo.' }, { task: '  ', context: { title: 'x', text: ' ' } })).toBe('## System instructions\nBe Tomo.');
  });

  it('writes a channel transcript with names, UTC times and indented replies, dropping the oldest to fit', () => {
    const ts = (iso: string) => `${Date.parse(iso) / 1000}.000100`;
    const parent = ts('2025-03-01T09:00:00Z');
    const messages = [
      { ts: ts('2025-03-01T08:00:00Z'), threadTs: ts('2025-03-01T08:00:00Z'), userId: 'U1', text: 'an old message '.repeat(40) },
      { ts: parent, threadTs: parent, userId: 'U1', text: 'Ship on <@U2>’s word' },
      { ts: ts('2025-03-01T09:05:00Z'), threadTs: parent, userId: 'U2', text: 'Agreed\nTomorrow' },
      { ts: ts('2025-03-01T09:06:00Z'), threadTs: parent, botId: 'BTOMO', text: 'Noted.' },
      { ts: ts('2025-03-01T09:07:00Z'), threadTs: ts('2025-03-01T09:07:00Z'), botId: 'BOTHER', text: 'Build green' },
      { ts: ts('2025-03-01T09:08:00Z'), threadTs: ts('2025-03-01T09:08:00Z'), userId: 'U3', text: '   ' },
    ];
    const names = new Map([['U1', 'Ana'], ['U2', 'Ben']]);
    const transcript = channelTranscript({ messages, names, self: { userId: 'UTOMO', botId: 'BTOMO' }, appName: 'Kaito', budgetTokens: 60, tokenizer });
    expect(transcript.text.split('\n')).toEqual([
      '[2025-03-01 09:00 UTC] Ana: Ship on @Ben’s word',
      '    ↳ [2025-03-01 09:05 UTC] Ben: Agreed Tomorrow',
      '    ↳ [2025-03-01 09:06 UTC] Kaito: Noted.',
      '[2025-03-01 09:07 UTC] a bot: Build green',
    ]);
    expect(transcript).toMatchObject({ messages: 4, dropped: 1 });
    const tiny = channelTranscript({ messages: messages.slice(1, 2), names, self: { userId: 'UT', botId: 'BT' }, appName: 'T', budgetTokens: 4, tokenizer });
    expect(tiny.text.endsWith('…')).toBe(true);
  });

  it('writes a channel transcript of what people typed, not Slack’s escaping of &, < and >', () => {
    const messages = [{ ts: '1740819600.000100', threadTs: '1740819600.000100', userId: 'U1', text: 'Q&amp;A moved: ship if p &lt; 0.05 &amp;&amp; n &gt; 30' }];
    const transcript = channelTranscript({ messages, names: new Map([['U1', 'Ana']]), self: { userId: 'UT', botId: 'BT' }, appName: 'Tomo', budgetTokens: 200, tokenizer });
    expect(transcript.text).toBe('[2025-03-01 09:00 UTC] Ana: Q&A moved: ship if p < 0.05 && n > 30');
  });

  it('keeps claim keys within what the log stores, long ones still distinct', () => {
    expect(claimKey('reaction', 'T1', 'C1', '1.0', 'jp')).toBe('reaction:T1:C1:1.0:jp');
    const long = (emoji: string) => claimKey('reaction', 'T0123456789', 'C0123456789', '1700000000.000100', emoji);
    expect(long('a'.repeat(80))).toHaveLength(64);
    expect(long('a'.repeat(80))).not.toBe(long(`${'a'.repeat(79)}b`));
  });

  it('collects an answer instead of streaming it, and keeps what would have been posted as the failure', async () => {
    const chat = new InMemoryChatWorkspace();
    chat.addChannel('C1');
    const collected = collectAnswer(new InMemoryChatPlatformFactory(chat).forWorkspace({ teamId: 'T1', botToken: 'x' }));
    const writer = collected.platform.startAnswer({ thread: { channelId: 'C1', threadTs: '' }, recipientUserId: 'U1' });
    await writer.append('Hello ');
    await writer.append('world');
    expect(await writer.finish()).toEqual({ messageTs: [], delivery: 'edit' });
    expect(collected.text()).toBe('Hello world');
    expect(collected.failure()).toBeNull();
    await (await collected.platform.showThinking({ thread: { channelId: 'C1', threadTs: '1' }, messageTs: '1', status: 'x' })).clear();
    expect(await collected.platform.postInThread({ channelId: 'C1', threadTs: '' }, 'An error')).toEqual([]);
    expect(collected.failure()).toBe('An error');
    expect(chat.messages).toEqual([]);
  });
});
