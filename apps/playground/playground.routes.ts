import { randomBytes } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { FakeFile, FakeMessage } from '../../adapters/slack-emulator/fake-slack';
import type { Logger } from '../../adapters/logging/logger';
import type { AppCustomizationRepository } from '../../core/customization/app-customization-repository.port';
import { DEFAULT_APP_NAME, effectiveCustomization } from '../../core/customization/app-customization-rules';
import type { JobQueue } from '../../core/shared/job-queue.port';
import type { ReactionSettingsRepository } from '../../core/reactions/reaction-settings-repository.port';
import type { ScheduleSettingsRepository } from '../../core/schedules/schedule-settings-repository.port';
import { localDayIn } from '../../core/schedules/time-zone';
import { LOCALE_HEADER, requestLocale } from '../server/http/session/request-locale';
import { originOf, sameOriginOnly } from '../server/http/session/same-origin';
import { readableBodyOnly } from '../server/http/input-guard';
import { SLACK_QUEUES, summaryJobs } from '../shared/slack-jobs';
import { PLAYGROUND_AUTHORIZE_PATH, type Playground } from './playground';
import { isPlaygroundMessage, refuse } from './playground-errors';
import { playgroundVisitorsOnly } from './playground-host';

/** The Slack locale a page language stands for (users.info's `locale`). */
const SLACK_LOCALES = { en: 'en-US', ja: 'ja-JP' } as const;
const id = z.string().trim().min(1).max(40).regex(/^[A-Z0-9]+$/);
const ts = z.string().trim().regex(/^\d{10}\.\d{1,6}$/);

const postMessage = z.object({
  channel: id,
  text: z.string().max(4000, 'MESSAGE_TOO_LONG'),
  threadTs: ts.optional(),
  file: z.object({ name: z.string().trim().min(1).max(120), content: z.string().max(200_000, 'FILE_TOO_LARGE') }).optional(),
}).refine((m) => m.text.trim() !== '' || m.file !== undefined, { message: 'EMPTY_MESSAGE' });
/** An emoji name as Slack sends it; a workspace's custom reaction may be named otherwise (e.g. in Japanese), see the route. */
const EMOJI_NAME = /^[a-z0-9_+-]+$/;
const react = z.object({ channel: id, ts, name: z.string().trim().min(1).max(100) });
const action = z.object({ actionId: z.string().trim().min(1).max(120) });
const assistant = z.object({ contextChannel: id.optional() });
const summary = z.object({ channel: id });
const shortcut = z.object({ channel: id, ts, callbackId: z.enum(['save_as_pdf', 'save_as_pdf_thread']) });

export interface PlaygroundRouteOptions {
  publicUrl: string;
  logger: Logger;
  /** For "Run now" on a channel's scheduled summary: the schedules saved on the Schedules page, and the queue. */
  schedules: Pick<ScheduleSettingsRepository, 'findLatest'>;
  queue: JobQueue;
  /** The custom reactions saved on the Reactions page: offered on every message beside the presets. */
  reactions: Pick<ReactionSettingsRepository, 'list'>;
  /** The name saved on the App page: "@<name>" mentions the bot as "@Tomo" does. */
  customizations: Pick<AppCustomizationRepository, 'find'>;
}

/**
 * The playground's API: what the visitor (the demo admin) sees of the emulated workspace, and
 * what they do in it. Every action changes the emulator's state as Slack would and delivers
 * the events Slack would send, signed, to Tomo's own /slack/events and /slack/interactions.
 */
export function playgroundRoutes(playground: Playground, options: PlaygroundRouteOptions): Router {
  const router = Router();
  const { slack, workspace } = playground;
  const state = slack.state;
  const team = state.teams.get(workspace.teamId)!;
  const me = workspace.me;
  // Before anything of the playground answers: another device, or a page on a rebound name, reaches none of it.
  router.use([PLAYGROUND_AUTHORIZE_PATH, '/api/playground'], playgroundVisitorsOnly(options.publicUrl));

  // "Sign in with Slack": the browser's authorize step, relayed to the emulator (which redirects back).
  router.get(PLAYGROUND_AUTHORIZE_PATH, async (req, res) => {
    const { search: query, searchParams } = new URL(req.originalUrl, 'http://playground');
    // As Slack sends a sign-in code only to the app's registered redirect URLs: never to another site.
    if (originOf(searchParams.get('redirect_uri')) !== new URL(options.publicUrl).origin) {
      refuse(req, res, 400, 'INVALID_REQUEST', 'INVALID_SIGN_IN');
      return;
    }
    const answer = await fetch(`${slack.origin}/openid/connect/authorize${query}`, { redirect: 'manual' });
    const location = answer.headers.get('location');
    if (answer.status === 302 && location) res.redirect(302, location);
    else refuse(req, res, 400, 'INVALID_REQUEST', 'INVALID_SIGN_IN');
  });

  router.use('/api/playground', sameOriginOnly(options.publicUrl), readableBodyOnly([]));
  // The visitor is Ada: her Slack speaks the page's language, as a Japanese visitor's own Slack
  // would, so on /ja/playground Tomo's Home, greetings and refusals come in Japanese too.
  router.use('/api/playground', (req, _res, next) => {
    const ada = state.users.get(me);
    if (req.method === 'POST' && ada && req.get(LOCALE_HEADER)) ada.locale = SLACK_LOCALES[requestLocale(req)];
    next();
  });

  router.get('/api/playground', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await snapshot());
  });

  // A picture shared in the workspace (the image studio's four), for the page to show as Slack
  // does: images only, from this workspace's channels, as the emulator stored them.
  router.get('/api/playground/files/:fileId', (req, res) => {
    const channels = new Set([...state.channels.values()].filter((c) => c.teamId === team.id && (!c.isIm || c.user === me)).map((c) => c.id));
    const file = state.messages
      .filter((m) => channels.has(m.channel))
      .flatMap((m) => m.files ?? [])
      .find((f) => f.id === req.params.fileId && f.mimetype.startsWith('image/') && f.mimetype !== 'image/svg+xml');
    if (!file) {
      refuse(req, res, 404, 'NOT_FOUND', 'NO_SUCH_FILE');
      return;
    }
    res.set({ 'content-type': file.mimetype, 'x-content-type-options': 'nosniff', 'cache-control': 'private, max-age=3600' }).send(file.content);
  });

  router.post('/api/playground/messages', async (req, res) => {
    const input = parse(postMessage, req, res);
    if (!input) return;
    const channel = channelOf(input.channel, req, res);
    if (!channel) return;
    const files: FakeFile[] | undefined = input.file
      ? [{ id: `F${randomBytes(5).toString('hex').toUpperCase()}`, name: input.file.name, mimetype: 'text/plain', filetype: 'text', content: Buffer.from(input.file.content, 'utf8') }]
      : undefined;
    const text = input.text.replace(mentionPattern(await appName()), `<@${team.botUserId}>`);
    const message = state.addMessage({
      channel: channel.id,
      user: me,
      text,
      ...(input.threadTs ? { threadTs: input.threadTs } : {}),
      ...(files ? { files, subtype: 'file_share' } : {}),
    });
    const event = {
      type: 'message',
      channel: channel.id,
      channel_type: channel.isIm ? 'im' : 'channel',
      user: me,
      text,
      ts: message.ts,
      event_ts: message.ts,
      ...(input.threadTs ? { thread_ts: input.threadTs } : {}),
      ...(files ? { subtype: 'file_share', files: files.map((f) => fileObject(f)) } : {}),
    };
    if (!channel.isIm && text.includes(`<@${team.botUserId}>`)) {
      const { channel_type: _kind, subtype: _subtype, ...mention } = event as typeof event & { subtype?: string };
      await playground.deliverEvent({ ...mention, type: 'app_mention' });
    }
    await playground.deliverEvent(event);
    res.status(201).json({ ts: message.ts, mentioned: text.includes(`<@${team.botUserId}>`) });
  });

  router.post('/api/playground/reactions', async (req, res) => {
    const input = parse(react, req, res);
    if (!input) return;
    if (!EMOJI_NAME.test(input.name) && !(await customReactionNames()).includes(input.name)) {
      refuse(req, res, 400, 'VALIDATION', 'NO_SUCH_EMOJI');
      return;
    }
    const message = state.message(input.channel, input.ts);
    if (!message) {
      refuse(req, res, 404, 'NOT_FOUND', 'NO_SUCH_MESSAGE');
      return;
    }
    const people = message.reactions.get(input.name) ?? new Set<string>();
    if (people.has(me)) {
      res.status(200).json({});
      return;
    }
    people.add(me);
    message.reactions.set(input.name, people);
    await playground.deliverEvent({
      type: 'reaction_added',
      user: me,
      reaction: input.name,
      ...(message.user ? { item_user: message.user } : {}),
      item: { type: 'message', channel: input.channel, ts: input.ts },
      event_ts: state.nextTs(),
    });
    res.status(201).json({});
  });

  router.post('/api/playground/home', async (_req, res) => {
    await playground.deliverEvent({ type: 'app_home_opened', user: me, channel: workspace.dm, tab: 'home', event_ts: state.nextTs() });
    res.status(202).json({});
  });

  router.post('/api/playground/actions', async (req, res) => {
    const input = parse(action, req, res);
    if (!input) return;
    await playground.deliverInteraction({
      type: 'block_actions',
      team: { id: team.id, domain: team.domain },
      user: { id: me, team_id: team.id },
      api_app_id: team.appId,
      trigger_id: `${Date.now()}.${randomBytes(4).toString('hex')}`,
      container: { type: 'view', view_id: 'VHOME' },
      view: { id: 'VHOME', type: 'home' },
      actions: [{ action_id: input.actionId, block_id: 'playground', type: 'button', action_ts: state.nextTs() }],
    });
    res.status(202).json({});
  });

  router.post('/api/playground/assistant', async (req, res) => {
    const input = parse(assistant, req, res);
    if (!input) return;
    const root = state.addMessage({ channel: workspace.dm, user: me, text: 'New chat', subtype: 'assistant_app_thread' });
    await playground.deliverEvent({
      type: 'assistant_thread_started',
      assistant_thread: {
        user_id: me,
        channel_id: workspace.dm,
        thread_ts: root.ts,
        context: input.contextChannel ? { channel_id: input.contextChannel, team_id: team.id } : {},
      },
      event_ts: state.nextTs(),
    });
    res.status(201).json({ channel: workspace.dm, threadTs: root.ts });
  });

  // A message shortcut (the ⋮ menu of a message): "Save as PDF" to the DM or into the thread.
  router.post('/api/playground/shortcuts', async (req, res) => {
    const input = parse(shortcut, req, res);
    if (!input) return;
    const message = state.message(input.channel, input.ts);
    if (!message) {
      refuse(req, res, 404, 'NOT_FOUND', 'NO_SUCH_MESSAGE');
      return;
    }
    const channel = state.channels.get(input.channel);
    await playground.deliverInteraction({
      type: 'message_action',
      callback_id: input.callbackId,
      trigger_id: `${Date.now()}.${randomBytes(4).toString('hex')}`,
      team: { id: team.id, domain: team.domain },
      user: { id: me, team_id: team.id, name: 'ada' },
      api_app_id: team.appId,
      channel: { id: input.channel, name: channel?.name ?? 'directmessage' },
      message_ts: message.ts,
      message: { type: 'message', ts: message.ts, ...(message.threadTs ? { thread_ts: message.threadTs } : {}), ...(message.user ? { user: message.user } : {}) },
      response_url: `${slack.origin}/playground-response`,
    });
    res.status(202).json({});
  });

  // "Run now": today's run of the channel's schedule, as the minute sweep would start it (once a local day).
  router.post('/api/playground/summaries', async (req, res) => {
    const input = parse(summary, req, res);
    if (!input) return;
    const schedule = await options.schedules.findLatest(team.id, input.channel);
    if (!schedule?.isSummaryEnabled) {
      refuse(req, res, 409, 'NO_SCHEDULE', 'NO_SCHEDULE');
      return;
    }
    const runAt = new Date();
    // The day the minute's sweep claims for this run (the offset is UTC minus local, so it is subtracted).
    const day = localDayIn(runAt, schedule);
    const [job] = summaryJobs([{ teamId: team.id, channelId: input.channel, runAt, day }]);
    const queued = await options.queue.send(SLACK_QUEUES.slackSummary.name, job!.payload, { dedupeKey: job!.dedupeKey });
    if (queued === null) {
      refuse(req, res, 409, 'ALREADY_RAN', 'ALREADY_RAN');
      return;
    }
    res.status(202).json({ day });
  });

  /** The app's name in this workspace (the App page's, else Tomo's): never the client's say. */
  async function appName(): Promise<string> {
    return effectiveCustomization(await options.customizations.find(team.id)).appName;
  }

  async function customReactionNames(): Promise<string[]> {
    return (await options.reactions.list(team.id)).map((r) => r.name);
  }

  async function snapshot() {
    const names = new Map([...state.users.values()].filter((u) => u.teamId === team.id).map((u) => [u.id, u.realName ?? u.name]));
    const channels = [...state.channels.values()].filter((c) => c.teamId === team.id);
    const ids = new Set(channels.map((c) => c.id));
    const name = await appName();
    return {
      team: { id: team.id, name: team.name },
      me: { id: me, name: names.get(me) ?? me },
      tomo: { userId: team.botUserId, botId: team.botId, name },
      model: playground.model,
      people: Object.fromEntries(names),
      channels: channels
        .filter((c) => !c.isIm || c.user === me)
        .map((c) => ({ id: c.id, name: c.isIm ? name : (c.name ?? c.id), kind: c.isIm ? 'dm' : 'channel' })),
      messages: state.messages.filter((m) => ids.has(m.channel)).map((m) => view(m)),
      ephemerals: state.ephemerals.filter((e) => e.user === me).map((e) => ({ channel: e.channel, text: e.text, threadTs: e.threadTs ?? null })),
      home: state.homeViews.get(me) ?? null,
      customReactions: await customReactionNames(),
      assistant: [...state.statuses.keys(), ...state.titles.keys(), ...state.suggestedPrompts.keys()]
        .filter((key, i, all) => all.indexOf(key) === i)
        .map((key) => ({
          key,
          status: state.statuses.get(key) ?? '',
          title: state.titles.get(key) ?? null,
          prompts: state.suggestedPrompts.get(key) ?? null,
        })),
    };
  }

  function view(m: FakeMessage) {
    return {
      channel: m.channel,
      ts: m.ts,
      threadTs: m.threadTs ?? null,
      user: m.user ?? null,
      byTomo: m.botId === team.botId,
      username: m.username ?? null,
      text: m.text,
      streaming: m.streamState === 'streaming',
      subtype: m.subtype ?? null,
      reactions: [...m.reactions].map(([name, people]) => ({ name, count: people.size, mine: people.has(me) })),
      files: (m.files ?? []).map((f) => ({ id: f.id, name: f.name, image: f.mimetype.startsWith('image/') && f.mimetype !== 'image/svg+xml' })),
    };
  }

  function channelOf(channelId: string, req: Request, res: Response) {
    const channel = state.channels.get(channelId);
    if (!channel || channel.teamId !== team.id || (channel.isIm && channel.user !== me)) {
      refuse(req, res, 404, 'NOT_FOUND', 'NO_SUCH_CHANNEL');
      return undefined;
    }
    return channel;
  }

  function fileObject(file: FakeFile) {
    return {
      id: file.id,
      name: file.name,
      title: file.name,
      mimetype: file.mimetype,
      filetype: file.filetype,
      url_private: `${slack.origin}/files-pri/${team.id}-${file.id}/${encodeURIComponent(file.name)}`,
      url_private_download: `${slack.origin}/files-pri/${team.id}-${file.id}/download/${encodeURIComponent(file.name)}`,
    };
  }

  return router;
}

function parse<T>(schema: z.ZodType<T>, req: Request, res: Response): T | undefined {
  const parsed = schema.safeParse(req.body ?? {});
  if (parsed.success) return parsed.data;
  const named = parsed.error.issues[0]?.message ?? '';
  refuse(req, res, 400, 'VALIDATION', isPlaygroundMessage(named) ? named : 'INVALID_INPUT');
  return undefined;
}

/**
 * "@Tomo" and "@<the app's current name>" as a typed mention, as Slack's composer turns the
 * picked app into `<@bot>`: case-insensitive, whole words only (not "@Kumozawa", not "a@kumo").
 */
function mentionPattern(appName: string): RegExp {
  const names = [...new Set([appName, DEFAULT_APP_NAME])]
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}\\p{N}_])@(?:${names.join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
}
