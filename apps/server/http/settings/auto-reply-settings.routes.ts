import { Router } from 'express';
import { z } from 'zod';
import { autoReplyRows, botChannelsState, type BotChannelsState } from '../../../../core/auto-replies/auto-reply-rules';
import { SaveAutoReply } from '../../../../core/auto-replies/save-auto-reply.use-case';
import { listBots } from '../../../../core/workspace/bots';
import type { NoNameText } from '../../../../core/workspace/member';
import { unnamedTexts } from '../session/unnamed-texts';
import { failed, iso, nameOf, whoIsAsking, workspaceChangeRefused, type SettingsDeps } from './settings-deps';
import { parseBody } from './validation';

/** A bot saved earlier that is gone from the workspace (or Tomo is): no channels are read. */
const NOT_READ: BotChannelsState = { channels: null, channelsLoading: false, channelsFailed: false };

/** How long an answer waits for the channel reads it started (a small workspace's all finish in it). */
const FIRST_READS_WAIT_MS = 1_000;

const autoReplyChange = z.object({
  instruction: z.string().max(10_000, { error: 'AUTO_REPLY.INSTRUCTION_TOO_LONG' }),
  enabled: z.boolean(),
});

/** Auto replies page: one row per bot of the workspace (not workflow bots, not Tomo). */
export function autoReplySettingsRoutes(deps: SettingsDeps): Router {
  const router = Router();
  const save = new SaveAutoReply({ autoReplies: deps.autoReplies, clock: deps.clock });

  /** Tomo's own user id in the workspace ('' when it is not installed). */
  const tomoIn = async (teamId: string) => (await deps.installations.find(teamId))?.botUserId ?? '';

  /**
   * Each bot's channels and whether Tomo is in them, as far as Slack has told so far: the API
   * never waits for Slack's Tier 3 pace here (300 bots take six minutes). Reads it starts get a
   * second, which is all a small workspace needs; the rest go on in the background and the page
   * asks again until none is loading.
   */
  const channelsOf = async (teamId: string, tomo: string, botIds: readonly string[], noName: NoNameText): Promise<Map<string, BotChannelsState>> => {
    if (!tomo || botIds.length === 0) return new Map();
    const [ofTomo, ofBots] = await Promise.all([
      deps.directory.knownChannelsOf(teamId, tomo, FIRST_READS_WAIT_MS),
      deps.directory.knownChannelsOfEach(teamId, botIds, FIRST_READS_WAIT_MS),
    ]);
    return new Map(botIds.map((id) => [id, botChannelsState(ofBots.get(id)!, ofTomo, noName)] as const));
  };

  router.get('/api/settings/auto-replies', async (req, res) => {
    const { user, members } = await whoIsAsking(deps, res);
    const { noName, unknownBot } = unnamedTexts(req);
    const [tomo, saved] = await Promise.all([tomoIn(user.teamId), deps.autoReplies.listLatest(user.teamId)]);
    const bots = listBots(members, tomo, noName);
    const rows = autoReplyRows(bots, saved, unknownBot);
    const channels = await channelsOf(user.teamId, tomo, bots.map((b) => b.id), noName);
    const states = [...channels.values()];
    res.json({
      rows: rows.map((row, index) => ({
        number: index + 1,
        ...row,
        ...(channels.get(row.botUserId) ?? NOT_READ),
        updatedByName: nameOf(members, row.updatedBy, noName),
        updatedAt: iso(row.updatedAt),
      })),
      // The page asks again while this is true; `channelsRead` of `channelsTotal` bots are shown.
      channelsLoading: states.some((s) => s.channelsLoading),
      channelsRead: states.filter((s) => s.channels !== null).length,
      channelsTotal: states.length,
    });
  });

  router.put('/api/settings/auto-replies/:botUserId', async (req, res) => {
    // An auto reply answers the bot in every channel it is in, also those its editor cannot see.
    if (await workspaceChangeRefused(deps, req, res)) return;
    const body = parseBody(autoReplyChange, req, res);
    if (!body) return;
    const { user, members } = await whoIsAsking(deps, res);
    const outcome = await save.execute({
      teamId: user.teamId,
      userId: user.userId,
      botUserId: String(req.params.botUserId),
      bots: listBots(members, await tomoIn(user.teamId)),
      instruction: body.instruction,
      enabled: body.enabled,
    });
    if (failed(req, res, outcome)) return;
    const record = outcome.value;
    res.json({ ...record, updatedByName: nameOf(members, record.updatedBy, unnamedTexts(req).noName), updatedAt: iso(record.updatedAt) });
  });

  return router;
}
