import { describe, expect, it } from 'vitest';
import { InMemoryChatPlatform, InMemoryChatWorkspace } from '../../../adapters/memory/in-memory-chat-platform';
import { collectAnswer } from '../../../core/assistant/collected-answer';
import { PrivateAnswerGate, privacyOf, withoutIntegrations } from '../../../core/assistant/private-answer';

const thread = { channelId: 'CGENERAL', threadTs: '100.1' };
const target = { thread, recipientUserId: 'UALICE', appearance: { username: 'Tomo' } };

describe('private answers', () => {
  it('knows direct conversations, shared ones, and places where no private answer is possible', () => {
    const platform = new InMemoryChatPlatform(new InMemoryChatWorkspace());
    expect(privacyOf(platform, { channelId: 'DALICE', threadTs: '1.0' })).toBe('direct');
    expect(privacyOf(platform, thread)).toBe('shared');
    expect(privacyOf(collectAnswer(platform).platform, thread)).toBe('public_only');
  });

  it('sends an answer that used private services to the asker alone, with the note, and nothing to the thread', async () => {
    const workspace = new InMemoryChatWorkspace();
    workspace.addChannel('CGENERAL');
    const platform = new InMemoryChatPlatform(workspace);
    const gate = new PrivateAnswerGate({ platform, target, usedServices: () => ['github'], note: (s) => `Only you: ${s.join(', ')}` });
    await gate.append('The permit takes ');
    await gate.append('45 days.');
    expect(await gate.finish()).toEqual({ messageTs: [], delivery: 'ephemeral' });
    expect(workspace.ephemerals).toEqual([{ channelId: 'CGENERAL', userId: 'UALICE', text: 'Only you: github\n\nThe permit takes 45 days.', threadTs: '100.1' }]);
    expect(workspace.messages).toEqual([]);
  });

  it('posts in the thread when no private service was used', async () => {
    const workspace = new InMemoryChatWorkspace();
    workspace.addChannel('CGENERAL');
    const gate = new PrivateAnswerGate({ platform: new InMemoryChatPlatform(workspace), target, usedServices: () => [], note: () => 'never' });
    await gate.append('Hello!');
    expect((await gate.finish()).messageTs).toHaveLength(1);
    expect(workspace.ephemerals).toEqual([]);
    expect(workspace.messages.map((m) => m.text)).toEqual(['Hello!']);
  });

  it('withholds every integration token, keeping the rest', async () => {
    const resources = withoutIntegrations({ integrationToken: async () => 'secret', hasKnowledgeBase: async () => true });
    expect(await resources.integrationToken('github')).toBeUndefined();
    expect(await resources.hasKnowledgeBase()).toBe(true);
  });
});
