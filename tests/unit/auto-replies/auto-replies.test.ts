import { describe, expect, it } from 'vitest';
import { autoReplyRows, botChannelsState } from '../../../core/auto-replies/auto-reply-rules';
import { SaveAutoReply } from '../../../core/auto-replies/save-auto-reply.use-case';
import { TEAM } from '../support/builders';
import { aWorkspaceFixture } from '../support/workspace-fixture';

const bots = [
  { id: 'UDEPLOY', name: 'Deploy Bot' },
  { id: 'BWEIRD', name: 'Bot without user id' },
];

describe('the Auto replies page (spec 2, 3)', () => {
  it('saves a bot’s instruction and switch as a new history row; the latest wins', async () => {
    const w = aWorkspaceFixture();
    const save = new SaveAutoReply(w);
    const input = { teamId: TEAM, userId: 'UADMIN', botUserId: 'UDEPLOY', bots, instruction: ' Summarise. ', enabled: true };
    const saved = await save.execute(input);
    expect(saved.ok && saved.value).toMatchObject({ botName: 'Deploy Bot', instruction: 'Summarise.', enabled: true });
    await save.execute({ ...input, enabled: false });
    expect(await w.autoReplies.listLatest(TEAM)).toEqual([expect.objectContaining({ botUserId: 'UDEPLOY', enabled: false })]);
    expect(w.autoReplies.historySize(TEAM)).toBe(2);
  });

  it('refuses bots that are not configurable and enabling without an instruction', async () => {
    const save = new SaveAutoReply(aWorkspaceFixture());
    const input = { teamId: TEAM, userId: 'UADMIN', bots, instruction: 'x', enabled: true };
    expect(await save.execute({ ...input, botUserId: 'UFLOW' })).toMatchObject({ error: { code: 'AUTO_REPLY.BOT_NOT_ALLOWED' } });
    expect(await save.execute({ ...input, botUserId: 'BWEIRD' })).toMatchObject({ error: { code: 'AUTO_REPLY.BOT_NOT_ALLOWED' } });
    expect(await save.execute({ ...input, botUserId: 'UDEPLOY', instruction: ' ' })).toMatchObject({
      error: { code: 'AUTO_REPLY.INSTRUCTION_REQUIRED' },
    });
    expect((await save.execute({ ...input, botUserId: 'UDEPLOY', instruction: '', enabled: false })).ok).toBe(true);
  });

  it("lists every bot, with defaults when unsaved, and 'Unknown Bot' for saved bots no longer present", () => {
    const at = new Date('2025-01-01T00:00:00Z');
    const saved = { teamId: TEAM, instruction: 'Do it.', enabled: true, updatedBy: 'UADMIN', updatedAt: at };
    const rows = autoReplyRows(
      [{ id: 'UDEPLOY', name: 'Deploy Bot' }, { id: 'UNEW', name: 'New Bot' }],
      [
        { ...saved, botUserId: 'UDEPLOY', botName: 'Deploy Bot' },
        { ...saved, botUserId: 'UGONE', botName: 'Old Bot' },
      ],
    );
    expect(rows).toEqual([
      { botUserId: 'UDEPLOY', botName: 'Deploy Bot', instruction: 'Do it.', enabled: true, updatedBy: 'UADMIN', updatedAt: at },
      { botUserId: 'UNEW', botName: 'New Bot', instruction: '', enabled: false, updatedBy: null, updatedAt: null },
      { botUserId: 'UGONE', botName: 'Unknown Bot', instruction: 'Do it.', enabled: true, updatedBy: 'UADMIN', updatedAt: at },
    ]);
  });

  it("shows a bot's channels once both its list and Tomo's are known, and says whether they are loading or failed", () => {
    const ofBot = { channels: [{ id: 'C2', name: 'deploys' }, { id: 'C1', name: 'alerts' }], loading: false, failed: false };
    const ofTomo = { channels: [{ id: 'C2', name: 'deploys' }], loading: false, failed: false };
    const nothingYet = { channels: null, loading: true, failed: false };
    const refused = { channels: null, loading: false, failed: true };
    // Where Tomo is missing comes first: it needs an /invite.
    expect(botChannelsState(ofBot, ofTomo)).toEqual({
      channels: [
        { id: 'C1', name: 'alerts', tomoIsMember: false },
        { id: 'C2', name: 'deploys', tomoIsMember: true },
      ],
      channelsLoading: false,
      channelsFailed: false,
    });
    // Without Tomo's list nobody can say where Tomo is missing: nothing is shown yet.
    expect(botChannelsState(ofBot, nothingYet)).toEqual({ channels: null, channelsLoading: true, channelsFailed: false });
    expect(botChannelsState(nothingYet, ofTomo)).toEqual({ channels: null, channelsLoading: true, channelsFailed: false });
    expect(botChannelsState(refused, ofTomo)).toEqual({ channels: null, channelsLoading: false, channelsFailed: true });
    expect(botChannelsState(ofBot, refused)).toEqual({ channels: null, channelsLoading: false, channelsFailed: true });
    // A failure while the other list is still read: loading, not failed yet.
    expect(botChannelsState(refused, nothingYet)).toEqual({ channels: null, channelsLoading: true, channelsFailed: false });
    // The last lists shown while Slack is asked again.
    expect(botChannelsState({ ...ofBot, loading: true }, ofTomo)).toMatchObject({ channelsLoading: true, channelsFailed: false });
  });
});
