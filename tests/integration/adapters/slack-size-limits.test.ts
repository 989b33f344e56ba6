import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlackChatPlatformFactory } from '../../../adapters/slack/slack-chat-platform';
import { startFakeSlack, type FakeSlack } from '../../../adapters/slack-emulator/fake-slack';
import { seedWorkspace, type SeededWorkspace } from '../../../adapters/slack-emulator/seed-workspace';
import { SlackViews } from '../../../adapters/slack/slack-views';
import { knowledgeModal, type ModalKind } from '../../../apps/server/http/slack/interactions/knowledge-modals';
import { APP_NAME_MAX_LENGTH } from '../../../core/customization/app-customization-rules';
import { SlackChatWorkspaceFactory } from '../../../adapters/slack/slack-chat-workspace';
import { homeRenderer } from '../../../apps/worker/home/home-sections';
import type { HomeFacts } from '../../../core/home/home-facts';
import type { KnowledgeSourceRecord, SourceKind } from '../../../core/knowledge/knowledge-source';

/**
 * The size limits Slack puts on what an app sends, as the Slack fake enforces them (through the
 * real SDK), and Tomo's Slack adapters keeping within them with real-sized data.
 */
describe('Slack size limits', () => {
  let slack: FakeSlack;
  let ws: SeededWorkspace;
  let sdk: WebClient;

  beforeAll(async () => {
    slack = await startFakeSlack();
    ws = seedWorkspace(slack);
    sdk = new WebClient(ws.team.botToken, { slackApiUrl: slack.url, retryConfig: { retries: 0 } });
  });
  afterAll(() => slack.close());

  const platform = () =>
    new SlackChatPlatformFactory({ slackApiUrl: slack.url, sleep: async () => undefined }).forWorkspace({
      teamId: ws.team.id,
      botToken: ws.team.botToken,
      botUserId: ws.team.botUserId,
    });

  describe('chat.postEphemeral', () => {
    it('refuses markdown_text over 12,000 characters and text over 40,000 (msg_too_long), as chat.postMessage does', async () => {
      const where = { channel: ws.channel, user: ws.alice };
      await expect(sdk.chat.postEphemeral({ ...where, markdown_text: 'あ'.repeat(12_001) })).rejects.toMatchObject({
        data: { error: 'msg_too_long' },
      });
      await expect(sdk.chat.postEphemeral({ ...where, text: 'a'.repeat(40_001) })).rejects.toMatchObject({ data: { error: 'msg_too_long' } });
      await expect(sdk.chat.postEphemeral({ ...where, markdown_text: 'あ'.repeat(12_000) })).resolves.toMatchObject({ ok: true });
    });

    it('refuses more than 50 blocks in a message or an ephemeral (invalid_blocks), as chat.postMessage does', async () => {
      const section = (i: number) => ({ type: 'section', text: { type: 'mrkdwn', text: `line ${i}` } });
      const blocks = (n: number) => Array.from({ length: n }, (_, i) => section(i)) as never[];
      await expect(sdk.chat.postMessage({ channel: ws.channel, text: 'fallback', blocks: blocks(50) })).resolves.toMatchObject({ ok: true });
      await expect(sdk.chat.postMessage({ channel: ws.channel, text: 'fallback', blocks: blocks(51) })).rejects.toMatchObject({ data: { error: 'invalid_blocks' } });
      await expect(sdk.chat.postEphemeral({ channel: ws.channel, user: ws.alice, text: 'fallback', blocks: blocks(51) })).rejects.toMatchObject({
        data: { error: 'invalid_blocks' },
      });
    });

    it('a private answer longer than one message is shown in several ephemerals, none over the limit', async () => {
      const question = slack.addMessage({ channel: ws.channel, user: ws.bob, text: 'a long question' });
      const text = '長い答えです。\n\n'.repeat(3_000);
      const before = slack.ephemeralsFor(ws.bob).length;

      const delivery = await platform().postPrivately!({ thread: { channelId: ws.channel, threadTs: question.ts }, userId: ws.bob, text });

      const shown = slack.ephemeralsFor(ws.bob).slice(before);
      expect(delivery.via).toBe('ephemeral');
      expect(shown.length).toBeGreaterThan(1);
      expect(shown.every((e) => e.text.length <= 12_000)).toBe(true);
      expect(shown.map((e) => e.text).join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    });
  });

  describe('long answers', () => {
    it('a private answer of emoji with no break to cut at is split between whole emoji, none over the limit', async () => {
      const question = slack.addMessage({ channel: ws.channel, user: ws.bob, text: 'emoji only' });
      const family = '👨‍👩‍👧‍👦';
      const text = family.repeat(2_000);
      const before = slack.ephemeralsFor(ws.bob).length;

      await platform().postPrivately!({ thread: { channelId: ws.channel, threadTs: question.ts }, userId: ws.bob, text });

      const shown = slack.ephemeralsFor(ws.bob).slice(before).map((e) => e.text);
      expect(shown.length).toBeGreaterThan(1);
      // Every message holds whole families only: none split between two messages.
      for (const piece of shown) expect(piece.replaceAll(family, '')).toBe('');
      expect(shown.join('')).toBe(text);
    });
  });

  describe('views.open', () => {
    const modal = (changes: Record<string, unknown> = {}, input: Record<string, unknown> = {}) => ({
      type: 'modal' as const,
      title: { type: 'plain_text' as const, text: 'Add a source' },
      submit: { type: 'plain_text' as const, text: 'Add' },
      close: { type: 'plain_text' as const, text: 'Cancel' },
      blocks: [
        {
          type: 'input',
          block_id: 'url',
          label: { type: 'plain_text', text: 'Address' },
          element: { type: 'plain_text_input', action_id: 'value' },
          ...input,
        },
      ],
      ...changes,
    });
    const refusedWith = (view: ReturnType<typeof modal>) =>
      expect(sdk.views.open({ trigger_id: '1.2.3', view: view as never })).rejects.toMatchObject({ data: { error: 'invalid_arguments' } });

    it('refuses a submit or close over 24 characters, private_metadata over 3,000, a hint over 2,000, a placeholder over 150', async () => {
      await expect(sdk.views.open({ trigger_id: '1.2.3', view: modal() as never })).resolves.toMatchObject({ ok: true });
      await refusedWith(modal({ submit: { type: 'plain_text', text: 'あ'.repeat(25) } }));
      await refusedWith(modal({ close: { type: 'plain_text', text: 'a'.repeat(25) } }));
      await refusedWith(modal({ private_metadata: 'x'.repeat(3_001) }));
      await refusedWith(modal({}, { hint: { type: 'plain_text', text: 'h'.repeat(2_001) } }));
      await refusedWith(modal({}, { element: { type: 'plain_text_input', action_id: 'value', placeholder: { type: 'plain_text', text: 'p'.repeat(151) } } }));
    });

    it('refuses a callback_id over 255, a label that is not plain_text, a block_id twice, and other blocks over their limits', async () => {
      await refusedWith(modal({ callback_id: 'c'.repeat(256) }));
      await refusedWith(modal({}, { label: { type: 'mrkdwn', text: 'Address' } }));
      await refusedWith(modal({}, { element: { type: 'plain_text_input', action_id: 'a'.repeat(256) } }));
      const section = { type: 'section', block_id: 'url', text: { type: 'mrkdwn', text: 'About' } };
      await refusedWith({ ...modal(), blocks: [section, ...modal().blocks] } as never);
      await refusedWith({ ...modal(), blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'あ'.repeat(3_001) } }, ...modal().blocks] } as never);
      await expect(
        sdk.views.open({ trigger_id: '1.2.3', view: { ...modal(), blocks: [{ ...section, block_id: 'about' }, ...modal().blocks] } as never }),
      ).resolves.toMatchObject({ ok: true });
    });

    it('opens every knowledge modal, in both languages, for an app named as long as settings allow', async () => {
      const views = new SlackViews({ slackApiUrl: slack.url });
      const appName = 'ア'.repeat(APP_NAME_MAX_LENGTH);
      for (const kind of ['web', 'pdf', 'repository'] as ModalKind[]) {
        for (const locale of ['en', 'ja'] as const) {
          await views.open(ws.team.botToken, `trigger-${kind}-${locale}`, knowledgeModal(kind, { locale, appName, maxPages: 200 }));
        }
      }
      expect(slack.state.modals.filter((m) => m.triggerId.startsWith('trigger-'))).toHaveLength(6);
    });
  });

  describe('views.publish', () => {
    const publish = (blocks: Record<string, unknown>[]) => sdk.views.publish({ user_id: ws.alice, view: { type: 'home', blocks } as never });
    const mrkdwn = (text: string) => ({ type: 'mrkdwn', text });

    it('refuses a context block with more than 10 elements or an element over 3,000 characters, and a button url over 3,000', async () => {
      await expect(publish([{ type: 'context', elements: [mrkdwn('fine')] }])).resolves.toMatchObject({ ok: true });
      for (const blocks of [
        [{ type: 'context', elements: Array.from({ length: 11 }, () => mrkdwn('one')) }],
        [{ type: 'context', elements: [] }],
        [{ type: 'context', elements: [mrkdwn('あ'.repeat(3_001))] }],
        [{ type: 'actions', elements: [{ type: 'button', action_id: 'go', text: { type: 'plain_text', text: 'Go' }, url: `https://example.com/${'a'.repeat(3_000)}` }] }],
      ]) {
        await expect(publish(blocks)).rejects.toMatchObject({ data: { error: 'invalid_blocks' } });
      }
    });

    it('refuses a block_id over 255 or twice, an action_id over 255, and a header or button text that is not plain_text', async () => {
      const button = (changes: Record<string, unknown> = {}) => ({ type: 'button', action_id: 'go', text: { type: 'plain_text', text: 'Go' }, ...changes });
      await expect(publish([{ type: 'actions', block_id: 'b'.repeat(255), elements: [button()] }])).resolves.toMatchObject({ ok: true });
      for (const blocks of [
        [{ type: 'actions', block_id: 'b'.repeat(256), elements: [button()] }],
        [{ type: 'divider', block_id: 'same' }, { type: 'divider', block_id: 'same' }],
        [{ type: 'actions', elements: [button({ action_id: 'a'.repeat(256) })] }],
        [{ type: 'actions', elements: [button({ text: mrkdwn('*Go*') })] }],
        [{ type: 'header', text: mrkdwn('*Welcome*') }],
      ]) {
        await expect(publish(blocks)).rejects.toMatchObject({ data: { error: 'invalid_blocks' } });
      }
    });

    it('publishes App Home with a long app name and many long-titled sources of every kind, in both languages', async () => {
      const home = new SlackChatWorkspaceFactory({ slackApiUrl: slack.url, sleep: async () => undefined }).forWorkspace({
        teamId: ws.team.id,
        botToken: ws.team.botToken,
        botUserId: ws.team.botUserId,
      });
      const source = (kind: SourceKind, i: number): KnowledgeSourceRecord & { canRemove: boolean } => ({
        id: `${kind}-${i}`,
        teamId: ws.team.id,
        kind,
        // A file name of emoji: UTF-16 lengths cut at 150 or 300 would split one in two.
        title: `x${'📄'.repeat(200)}${i}.pdf`,
        url: null,
        fileId: null,
        pageLimit: 1,
        status: i % 2 === 0 ? 'failed' : 'ready',
        progressDone: 0,
        progressTotal: 0,
        failure: i % 2 === 0 ? 'fetch_failed' : null,
        sizeBytes: 1_000_000,
        chunkCount: 1_000,
        // The longest lines: a site with pages its robots.txt kept out, a repository cut at its caps.
        robotsLeftOut: 1_000,
        cutAfterFiles: 2_000,
        addedBy: ws.alice,
        createdAt: new Date('2026-01-01T00:00:00Z'),
        updatedAt: new Date('2026-01-01T00:00:00Z'),
        canRemove: true,
      });
      for (const locale of ['en', 'ja'] as const) {
        const facts: HomeFacts = {
          userId: ws.alice,
          locale,
          appName: '🤖'.repeat(APP_NAME_MAX_LENGTH),
          isAdmin: true,
          plan: { kind: 'paid', plans: [{ name: 'Premium', interval: 'yearly', seats: 10_000, payAsYouGo: false }] },
          seat: { kind: 'assigned', planName: 'Premium' },
          usage: { channel: 1, directMessage: 2, reaction: 3, total: 6, limit: null, resetsAt: new Date('2026-02-01T00:00:00Z') },
          knowledge: {
            plan: 'premium',
            quota: { sources: 1_000, chunks: 1_000_000, pagesPerSite: 200 },
            usage: { sources: 60, chunks: 60_000 },
            sources: (['web', 'pdf', 'repository'] as const).flatMap((kind) => Array.from({ length: 20 }, (_, i) => source(kind, i))),
            counts: { web: 20, pdf: 20, repository: 20 },
            canAdd: true,
          },
        };
        await home.publishHome(ws.alice, homeRenderer('https://tomo.example.com')(facts));
        const published = slack.homeOf(ws.alice)!;
        expect(published.blocks.length).toBeGreaterThan(20);
        // Every text is whole: no emoji cut in half (a lone surrogate Slack could not store as UTF-8).
        // (JSON.stringify writes a whole emoji as itself, a lone surrogate as an escape.)
        expect(JSON.stringify(published)).not.toMatch(/\\ud[89a-f]/i);
      }
    });

    it('cuts a long source name between whole emoji (a family, a flag, a skin tone), with an ellipsis, in Home and its Delete dialog', async () => {
      const home = new SlackChatWorkspaceFactory({ slackApiUrl: slack.url, sleep: async () => undefined }).forWorkspace({
        teamId: ws.team.id,
        botToken: ws.team.botToken,
        botUserId: ws.team.botUserId,
      });
      // Each is one emoji a person sees, made of several code points (7, 2 and 2).
      const family = '👨‍👩‍👧‍👦';
      const flag = '🇯🇵';
      const thumb = '👍🏽';
      const title = `${family.repeat(30)}${flag.repeat(100)}${thumb.repeat(100)}.pdf`;
      const facts: HomeFacts = {
        userId: ws.alice,
        locale: 'ja',
        appName: 'ア'.repeat(APP_NAME_MAX_LENGTH),
        isAdmin: true,
        plan: { kind: 'paid', plans: [{ name: 'Premium', interval: 'yearly', seats: 10, payAsYouGo: false }] },
        seat: { kind: 'assigned', planName: 'Premium' },
        usage: { channel: 1, directMessage: 2, reaction: 3, total: 6, limit: null, resetsAt: new Date('2026-02-01T00:00:00Z') },
        knowledge: {
          plan: 'premium',
          quota: { sources: 1_000, chunks: 1_000_000, pagesPerSite: 200 },
          usage: { sources: 1, chunks: 10 },
          sources: [
            {
              id: 'pdf-1',
              teamId: ws.team.id,
              kind: 'pdf',
              title,
              url: null,
              fileId: null,
              pageLimit: 1,
              status: 'ready',
              progressDone: 0,
              progressTotal: 0,
              failure: null,
              sizeBytes: 1_000,
              chunkCount: 10,
              robotsLeftOut: 0,
              cutAfterFiles: 0,
              addedBy: ws.alice,
              createdAt: new Date('2026-01-01T00:00:00Z'),
              updatedAt: new Date('2026-01-01T00:00:00Z'),
              canRemove: true,
            },
          ],
          counts: { web: 0, pdf: 1, repository: 0 },
          canAdd: true,
        },
      };
      await home.publishHome(ws.alice, homeRenderer('https://tomo.example.com')(facts));
      const published = JSON.stringify(slack.homeOf(ws.alice)!.blocks);
      // With every whole emoji taken out, no part of one is left (a lone joiner, person, flag letter or skin tone).
      const parts = /\u200d|\p{Regional_Indicator}|\p{Emoji_Modifier}|[\u{1F466}-\u{1F469}\u{1F44D}]/u;
      expect(published.replaceAll(family, '').replaceAll(flag, '').replaceAll(thumb, '')).not.toMatch(parts);
      // The name is shown shortened, and says so: in the list and in the Delete dialog.
      expect(published).toContain(`*${family.repeat(30)}${flag.repeat(44)}…*`);
      expect(published).toContain(`「${family.repeat(21)}…」`);
    });
  });
});
