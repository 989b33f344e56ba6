import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { DEFAULT_APP_NAME } from '../../../../core/customization/app-customization-rules';
import { defaultSystemInstruction } from '../../../../core/instructions/compose-instructions';
import type { InstructionLevel, InstructionRecord } from '../../../../core/instructions/instruction';
import { INSTRUCTION_LEVELS } from '../../../../core/instructions/instruction';
import { measureInstructions } from '../../../../core/instructions/instruction-metrics';
import { INSTRUCTION_NAME_LIMIT } from '../../../../core/instructions/instruction-rules';
import { DeleteInstruction, SaveInstruction } from '../../../../core/instructions/save-instruction.use-case';
import type { ChannelEntry } from '../../../../core/workspace/channel';
import { channelDisplayName } from '../../../../core/workspace/channel';
import type { NoNameText } from '../../../../core/workspace/member';
import { unnamedTexts } from '../session/unnamed-texts';
import type { Member } from '../../../../core/workspace/member';
import { sendDomainError, sendHttpError } from '../session/api-errors';
import type { SignedIn } from '../session/signed-in';
import { channelsForChange, failed, iso, membersUnavailable, nameOf, whoIsAsking, type SettingsDeps } from './settings-deps';
import { parseBody, parseQuery } from './validation';

const levelParam = z.enum(INSTRUCTION_LEVELS);
const instructionChange = z.object({
  targetId: z.string().max(32).nullable().optional(),
  // No caps here: the instruction rules name the limits (with the text's length), and the
  // request body limit bounds what arrives.
  name: z.string().default(''),
  text: z.string({ error: 'INSTRUCTIONS.TEXT_REQUIRED' }),
});
const metricsRequest = z.object({
  level: levelParam,
  targetId: z.string().max(32).nullable().optional(),
  text: z.string(),
});
const targetQuery = z.object({
  targetId: z.string().max(32).optional(),
  // A channel instruction whose channel Slack no longer lists: admins only (see `unlistedOf`).
  unlisted: z.literal('true').optional(),
});

/**
 * Instructions page: system-wide (read-only, Tomo's), workspace-wide (admins), channel and
 * user instructions, each with its metrics (characters and tokens against the limits).
 */
export function instructionSettingsRoutes(deps: SettingsDeps): Router {
  const router = Router();
  const save = new SaveInstruction({ instructions: deps.instructions, clock: deps.clock });
  const remove = new DeleteInstruction({ instructions: deps.instructions });

  /** The system instruction: a stored one, else Tomo's own (`builtIn`, which the page can render in its language). */
  const systemInstruction = async (teamId: string) => {
    const [stored, custom] = await Promise.all([deps.instructions.find(teamId, 'system', null), deps.customizations.find(teamId)]);
    const appName = custom?.appName ?? DEFAULT_APP_NAME;
    return stored ? { text: stored.text, builtIn: false, appName } : { text: defaultSystemInstruction(appName), builtIn: true, appName };
  };
  const systemText = async (teamId: string) => (await systemInstruction(teamId)).text;

  /** Texts sent together with one instruction: the system and workspace ones (besides itself). */
  const companions = (level: InstructionLevel, system: string, workspace: string | null) =>
    level === 'system' ? (workspace ? [workspace] : []) : level === 'workspace' ? [system] : [system, ...(workspace ? [workspace] : [])];

  /** The person's channels; null when Slack cannot list them (logged), so the page can say so. */
  const channelsOrNull = (user: SignedIn, members: readonly Member[]) =>
    deps.access.channels(user, members).catch((error: unknown) => {
      deps.logger.warn({ err: error, teamId: user.teamId }, 'channel list failed');
      return null;
    });
  /**
   * The channel instructions whose channel Slack no longer lists for Tomo (archived, deleted, a
   * private one Tomo was taken out of); null when Slack cannot list the channels (logged), since
   * then none can be told apart. Nothing says whether such a channel was private, so only admins
   * are told of them, without their text, to delete them (docs/instructions.md).
   */
  const unlistedOf = (teamId: string, rows: readonly InstructionRecord[]) =>
    deps.directory.listChannels(teamId).then(
      (all) => {
        const listedIds = new Set(all.map((c) => c.id));
        return rows.filter((r) => r.targetId !== null && !listedIds.has(r.targetId));
      },
      (error: unknown) => {
        deps.logger.warn({ err: error, teamId }, 'channel list failed');
        return null;
      },
    );
  router.get('/api/settings/instructions', async (req, res) => {
    const { user, members, actor } = await whoIsAsking(deps, res);
    const { noName } = unnamedTexts(req);
    const { teamId } = user;
    const [systemView, workspace, channelRows, userRows, listed] = await Promise.all([
      systemInstruction(teamId),
      deps.instructions.find(teamId, 'workspace', null),
      deps.instructions.listByLevel(teamId, 'channel'),
      deps.instructions.listByLevel(teamId, 'user'),
      channelsOrNull(user, members),
    ]);
    const system = systemView.text;
    const channels: ChannelEntry[] = listed ?? [];
    // Only instructions of channels this person sees now: a channel Slack no longer lists
    // (archived, Tomo taken out, or the list failed) may have been private, so it is not shown.
    const visible = new Set(channels.map((c) => c.id));
    const unlisted = actor.isAdmin && listed !== null ? await unlistedOf(teamId, channelRows) : null;
    /** Which instruction, and who wrote it when: all an unlisted channel's row shows. */
    const about = (record: InstructionRecord) => ({
      level: record.level,
      targetId: record.targetId,
      targetName: targetName(record, channels, members, noName),
      name: record.name,
      createdBy: record.createdBy,
      createdByName: nameOf(members, record.createdBy, noName),
      createdAt: iso(record.createdAt),
      updatedBy: record.updatedBy,
      updatedByName: nameOf(members, record.updatedBy, noName),
      updatedAt: iso(record.updatedAt),
    });
    const view = (record: InstructionRecord) => ({
      ...about(record),
      text: record.text,
      metrics: measureInstructions(record.text, companions(record.level, system, workspace?.text ?? null), deps.tokenizer),
    });
    res.json({
      isAdmin: actor.isAdmin,
      system: {
        text: system,
        readOnly: true,
        // Tomo's own words (not an operator's): the page may show what they say in its language, with the name in them.
        builtIn: systemView.builtIn,
        appName: systemView.appName,
        metrics: measureInstructions(system, companions('system', system, workspace?.text ?? null), deps.tokenizer),
      },
      workspace: workspace ? view(workspace) : null,
      channels: channelRows.filter((r) => r.targetId !== null && visible.has(r.targetId)).map(view),
      // Admins only: instructions of channels Slack no longer lists, without their text.
      ...(unlisted ? { unlistedChannels: unlisted.map(about) } : {}),
      // Members see their own instructions; admins see everyone's.
      users: userRows.filter((r) => actor.isAdmin || r.targetId === user.userId).map(view),
      own: ((mine) => (mine ? view(mine) : null))(userRows.find((r) => r.targetId === user.userId)),
      channelOptions: channels.map((c) => ({ id: c.id, name: channelDisplayName(c, noName) })),
      // Without the list no channel instruction can be shown: the page must not say there are none.
      channelsFailed: listed === null,
      nameLimit: INSTRUCTION_NAME_LIMIT,
    });
  });

  router.post('/api/settings/instructions/metrics', async (req, res) => {
    const body = parseBody(metricsRequest, req, res);
    if (!body) return;
    const { teamId } = (await whoIsAsking(deps, res)).user;
    const [system, workspace] = await Promise.all([systemText(teamId), deps.instructions.find(teamId, 'workspace', null)]);
    res.json(measureInstructions(body.text, companions(body.level, system, workspace?.text ?? null), deps.tokenizer));
  });

  const target = async (req: Request, res: Response, level: InstructionLevel, targetId: string | null | undefined) => {
    const { user, members, actor } = await whoIsAsking(deps, res);
    if (level === 'channel' && targetId) {
      const channels = await channelsForChange(deps, req, res, user);
      if (!channels) return null;
      if (!channels.some((c) => c.id === targetId)) {
        sendHttpError(req, res, 404, 'NOT_FOUND');
        return null;
      }
    }
    if (level === 'user' && targetId && targetId !== user.userId && actor.isAdmin && !members.some((m) => m.id === targetId)) {
      sendHttpError(req, res, 404, 'NOT_FOUND');
      return null;
    }
    return { user, members, actor, targetId: level === 'user' && !targetId ? user.userId : (targetId ?? null) };
  };

  router.put('/api/settings/instructions/:level', async (req, res) => {
    const level = levelParam.safeParse(req.params.level);
    if (!level.success) {
      sendHttpError(req, res, 404, 'NOT_FOUND');
      return;
    }
    const body = parseBody(instructionChange, req, res);
    if (!body) return;
    if (level.data === 'system') {
      sendDomainError(req, res, { code: 'INSTRUCTIONS.READ_ONLY' }, { status: 403 });
      return;
    }
    const found = await target(req, res, level.data, body.targetId);
    if (!found) return;
    const outcome = await save.execute({
      teamId: found.user.teamId,
      actor: found.actor,
      level: level.data,
      targetId: found.targetId,
      name: body.name,
      text: body.text,
    });
    if (failed(req, res, outcome)) return;
    res.json({ level: outcome.value.level, targetId: outcome.value.targetId, updatedAt: iso(outcome.value.updatedAt) });
  });

  router.delete('/api/settings/instructions/:level', async (req, res) => {
    const level = levelParam.safeParse(req.params.level);
    if (!level.success) {
      sendHttpError(req, res, 404, 'NOT_FOUND');
      return;
    }
    const query = parseQuery(targetQuery, req, res);
    if (!query) return;
    if (level.data === 'system') {
      sendDomainError(req, res, { code: 'INSTRUCTIONS.READ_ONLY' }, { status: 403 });
      return;
    }
    if (query.unlisted) {
      if (level.data !== 'channel' || !query.targetId) {
        sendHttpError(req, res, 404, 'NOT_FOUND');
        return;
      }
      const { user, membersFailed, actor } = await whoIsAsking(deps, res);
      if (membersUnavailable(req, res, membersFailed)) return;
      if (!actor.isAdmin) {
        sendDomainError(req, res, { code: 'PERMISSION.ADMIN_REQUIRED' });
        return;
      }
      const all = await channelsForChange(deps, req, res, user, { allOfTomos: true });
      if (!all) return;
      // A channel Slack lists goes through the rules below (a private one the admin is not in: 404).
      if (!all.some((c) => c.id === query.targetId)) {
        const outcome = await remove.execute({ teamId: user.teamId, actor, level: 'channel', targetId: query.targetId });
        if (failed(req, res, outcome)) return;
        res.status(204).end();
        return;
      }
    }
    const found = await target(req, res, level.data, query.targetId);
    if (!found) return;
    const outcome = await remove.execute({ teamId: found.user.teamId, actor: found.actor, level: level.data, targetId: found.targetId });
    if (failed(req, res, outcome)) return;
    res.status(204).end();
  });

  return router;
}

function targetName(record: InstructionRecord, channels: readonly ChannelEntry[], members: readonly Member[], noName: NoNameText): string | null {
  if (record.level === 'channel' && record.targetId) {
    const channel = channels.find((c) => c.id === record.targetId);
    return channelDisplayName(channel ?? { id: record.targetId }, noName);
  }
  if (record.level === 'user') return nameOf(members, record.targetId, noName);
  return null;
}
