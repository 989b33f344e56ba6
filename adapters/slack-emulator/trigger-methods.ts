import type { FakeChannel, FakeFunctionParameter, FakeTeam, SlackState } from './slack-state';
import { checkBlocks, messageBlocks } from './block-kit-rules';
import { channelOf, checkMarkdownAlone, paginate, SlackMethodError, type MethodContext } from './slack-web-api';

/**
 * Web API methods the triggers use (reactions, summaries, workflow steps, the AI-app view, App
 * Home), as Slack answers them: members-only reading for bot tokens, newest-first history,
 * one completion per workflow step, Block Kit limits on views.
 */
type Method = (ctx: MethodContext) => Record<string, unknown>;

/** Tomo may read a conversation only as a member (bot tokens; DMs with it always). */
export function readableChannel(state: SlackState, id: string | undefined, team: FakeTeam): string {
  const channel = channelOf(state, id, team);
  if (!state.isMember(channel, team.botUserId)) throw new SlackMethodError('not_in_channel');
  return channel;
}

export const TRIGGER_METHODS: Record<string, Method> = {
  'users.conversations': ({ state, params, team }) => {
    const user = params.user ?? team!.botUserId;
    const types = (params.types ?? 'public_channel').split(',');
    const channels = [...state.channels.values()].filter(
      (c) =>
        c.teamId === team!.id &&
        !c.isIm &&
        types.includes(c.isPrivate ? 'private_channel' : 'public_channel') &&
        state.isMember(c.id, user) &&
        // Private channels are listed only where the caller (Tomo) is a member too.
        (!c.isPrivate || state.isMember(c.id, team!.botUserId)) &&
        !((params.exclude_archived === 'true' || params.exclude_archived === '1') && c.isArchived === true),
    );
    const page = paginate(channels, params);
    return { channels: page.items.map((c) => toSlackChannel(c, state, team!)), ...page.meta };
  },

  'chat.postEphemeral': ({ state, settings, params, team }) => {
    const channel = readableChannel(state, params.channel, team!);
    const user = params.user ?? '';
    if (!state.users.has(user)) throw new SlackMethodError('user_not_found');
    if (!state.isMember(channel, user)) throw new SlackMethodError('user_not_in_channel');
    if (!params.text && !params.blocks && !params.markdown_text) throw new SlackMethodError('no_text');
    checkMarkdownAlone(params);
    messageBlocks(params.blocks);
    // The same limits as chat.postMessage: 12,000 for markdown_text, 40,000 for text.
    if ((params.markdown_text?.length ?? 0) > settings.maxMarkdownChars || (params.text?.length ?? 0) > settings.maxTextChars) {
      throw new SlackMethodError('msg_too_long');
    }
    if (params.thread_ts !== undefined && state.message(channel, params.thread_ts) === undefined) {
      throw new SlackMethodError('thread_not_found');
    }
    state.ephemerals.push({
      channel,
      user,
      text: params.text ?? params.markdown_text ?? '',
      ...(params.thread_ts === undefined ? {} : { threadTs: params.thread_ts }),
      ...(params.username ? { username: params.username } : {}),
    });
    return { message_ts: state.nextTs() };
  },

  'views.publish': ({ state, params, team }) => {
    const user = state.users.get(params.user_id ?? '');
    if (user === undefined || user.teamId !== team!.id) throw new SlackMethodError('user_not_found');
    const view = parseJson(params.view) as { type?: unknown; blocks?: unknown };
    if (view.type !== 'home' || !Array.isArray(view.blocks) || view.blocks.length > 100) throw new SlackMethodError('invalid_arguments');
    checkBlocks(view.blocks as Record<string, unknown>[]);
    // `hash` guards against races: given, it must be the hash of the Home as it is now (from the
    // last publish's answer, or app_home_opened's view.hash), else nothing changes.
    if (params.hash !== undefined && params.hash !== '' && params.hash !== state.homeHashes.get(user.id)) throw new SlackMethodError('hash_conflict');
    const hash = `${Math.floor(Date.now() / 1000)}.${String(state.nextSerial()).padStart(8, '0')}`;
    state.homeViews.set(user.id, { type: 'home', blocks: view.blocks as Record<string, unknown>[] });
    state.homeHashes.set(user.id, hash);
    return { view: { id: `V${state.nextSerial()}`, type: 'home', blocks: view.blocks, hash } };
  },

  'functions.completeSuccess': ({ state, params, team }) => {
    const execution = runningExecution(state, params.function_execution_id, team!);
    const outputs = parseJson(params.outputs);
    if (outputs === null || typeof outputs !== 'object' || Array.isArray(outputs)) throw new SlackMethodError('invalid_arguments');
    if (execution.definition !== undefined) checkOutputs(execution.definition.outputParameters, outputs as Record<string, unknown>);
    execution.state = 'completed';
    execution.outputs = outputs as Record<string, unknown>;
    return {};
  },

  'functions.completeError': ({ state, params, team }) => {
    const execution = runningExecution(state, params.function_execution_id, team!);
    // Slack's arguments check: `error` is required (its text goes to the person in a Slackbot message).
    if (params.error === undefined || params.error.trim() === '') throw new SlackMethodError('invalid_arguments');
    execution.state = 'failed';
    execution.error = params.error;
    return {};
  },

  'assistant.threads.setSuggestedPrompts': ({ state, params, team }) => {
    const channel = channelOf(state, params.channel_id, team!);
    const prompts = parseJson(params.prompts);
    const valid =
      Array.isArray(prompts) &&
      prompts.length >= 1 &&
      prompts.length <= 4 &&
      prompts.every((p: { title?: unknown; message?: unknown }) => typeof p.title === 'string' && typeof p.message === 'string');
    if (!valid) throw new SlackMethodError('invalid_arguments');
    if (state.thread(channel, params.thread_ts ?? '').length === 0) throw new SlackMethodError('invalid_thread_ts');
    state.suggestedPrompts.set(`${channel}/${params.thread_ts}`, {
      ...(params.title === undefined ? {} : { title: params.title }),
      prompts: prompts as { title: string; message: string }[],
    });
    return {};
  },

  'assistant.threads.setTitle': ({ state, params, team }) => {
    const channel = channelOf(state, params.channel_id, team!);
    if (!params.title) throw new SlackMethodError('invalid_arguments');
    if (state.thread(channel, params.thread_ts ?? '').length === 0) throw new SlackMethodError('invalid_thread_ts');
    state.titles.set(`${channel}/${params.thread_ts}`, params.title);
    return {};
  },

  'bots.info': ({ state, params }) => {
    const bot = state.bots.get(params.bot ?? '');
    if (bot === undefined) throw new SlackMethodError('bot_not_found');
    return { bot: { id: bot.id, name: bot.name, app_id: bot.appId, user_id: bot.userId, deleted: false } };
  },
};

/** A channel as users.conversations lists it. */
function toSlackChannel(channel: FakeChannel, state: SlackState, team: FakeTeam): Record<string, unknown> {
  return {
    id: channel.id,
    ...(channel.name === undefined ? {} : { name: channel.name }),
    is_channel: !channel.isIm && !channel.isPrivate,
    is_private: channel.isPrivate === true,
    is_im: channel.isIm === true,
    is_member: state.isMember(channel.id, team.botUserId),
    is_archived: channel.isArchived === true,
    ...(channel.user === undefined ? {} : { user: channel.user }),
  };
}

/**
 * Slack validates a completion's outputs against the function's output parameters:
 * `parameter_validation_failed` when a required one is missing (or null) or one has the wrong type.
 */
function checkOutputs(parameters: readonly FakeFunctionParameter[], outputs: Record<string, unknown>): void {
  for (const parameter of parameters) {
    const value = outputs[parameter.name];
    if (value === undefined || value === null) {
      if (parameter.is_required) throw new SlackMethodError('parameter_validation_failed');
      continue;
    }
    if (!hasType(parameter.type, value)) throw new SlackMethodError('parameter_validation_failed');
  }
}

/** Slack's primitive types and its ids (strings); other Slack types are not checked here. */
function hasType(type: string, value: unknown): boolean {
  if (/^slack#\/types\/\w+_id$/.test(type)) return typeof value === 'string';
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return typeof value === 'object' && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    default:
      return true;
  }
}

function runningExecution(state: SlackState, id: string | undefined, team: FakeTeam) {
  const execution = state.functionExecutions.get(id ?? '');
  if (execution === undefined || execution.teamId !== team.id) throw new SlackMethodError('function_execution_not_found');
  if (execution.state !== 'running') throw new SlackMethodError('function_execution_not_found');
  return execution;
}

function parseJson(value: string | undefined): unknown {
  if (value === undefined) throw new SlackMethodError('invalid_arguments');
  try {
    return JSON.parse(value);
  } catch {
    throw new SlackMethodError('invalid_arguments');
  }
}
