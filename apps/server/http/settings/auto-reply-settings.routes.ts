import { Router } from 'express';
import { z } from 'zod';
import { autoReplyRows, botChannels, type BotChannel } from '../../../../core/auto-replies/auto-reply-rules';
import { SaveAutoReply } from '../../../../core/auto-replies/save-auto-reply.use-case';
import { listBots } from '../../../../core/workspace/bots';
import { failed, iso, nameOf, whoIsAsking, type SettingsDeps } from './settings-deps';
import { parseBody } from './validation';

const autoReplyChange = z.object({
  instruction: z.string().max(10_000, { error: 'AUTO_REPLY.INSTRUCTION_TOO_LONG' }),
  enabled: z.boolean(),
});

/** Auto replies page: one row per bot of the workspace (not workflow bots, not Tomo). */
export function autoReplySettingsRoutes(deps: SettingsDeps): Router {
  const router = Router();
  const save = new SaveAutoReply({ autoReplies: deps.autoReplies, clock: deps.clock });

  const botsOf = async (teamId: string, members: Parameters<typeof listBots>[0]) => {
    const installation = await deps.installations.find(teamId);
    return listBots(members, installation?.botUserId ?? '');
  };

  /** Each bot's channels and whether Tomo is in them; null when Slack cannot say (the page then shows nothing). */
  const channelsOf = async (teamId: string, botIds: readonly string[]): Promise<Map<string, BotChannel[]> | null> => {
    const installation = await deps.installations.find(teamId);
    if (!installation || botIds.length === 0) return null;
    try {
      const [tomo, ofBots] = await Promise.all([
        deps.directory.channelsOf(teamId, installation.botUserId),
        deps.directory.channelsOfEach(teamId, botIds),
      ]);
      return new Map(botIds.map((id) => [id, botChannels(ofBots.get(id) ?? [], tomo)] as const));
    } catch (error) {
      deps.logger.warn({ err: error, teamId }, 'bot channels could not be read from Slack');
      return null;
    }
  };

  router.get('/api/settings/auto-replies', async (_req, res) => {
    const { user, members } = await whoIsAsking(deps, res);
    const [bots, saved] = await Promise.all([botsOf(user.teamId, members), deps.autoReplies.listLatest(user.teamId)]);
    const rows = autoReplyRows(bots, saved);
    const channels = await channelsOf(user.teamId, bots.map((b) => b.id));
    res.json({
      rows: rows.map((row, index) => ({
        number: index + 1,
        ...row,
        channels: channels?.get(row.botUserId) ?? null,
        updatedByName: nameOf(members, row.updatedBy),
        updatedAt: iso(row.updatedAt),
      })),
    });
  });

  router.put('/api/settings/auto-replies/:botUserId', async (req, res) => {
    const body = parseBody(autoReplyChange, req, res);
    if (!body) return;
    const { user, members } = await whoIsAsking(deps, res);
    const outcome = await save.execute({
      teamId: user.teamId,
      userId: user.userId,
      botUserId: String(req.params.botUserId),
      bots: await botsOf(user.teamId, members),
      instruction: body.instruction,
      enabled: body.enabled,
    });
    if (failed(req, res, outcome)) return;
    const record = outcome.value;
    res.json({ ...record, updatedByName: nameOf(members, record.updatedBy), updatedAt: iso(record.updatedAt) });
  });

  return router;
}
