import { z } from 'zod';
import type { SlackMemberFacts, SlackViews } from '../../../../../adapters/slack/slack-views';
import { isChatPlatformError } from '../../../../../core/assistant/chat-platform-error';
import type { AddKnowledgeSource, NewSourceRequest } from '../../../../../core/knowledge/add-source.use-case';
import { removeKnowledgeSource, retryKnowledgeSource } from '../../../../../core/knowledge/add-source.use-case';
import type { KnowledgeSourceRepository } from '../../../../../core/knowledge/knowledge-source-repository.port';
import { KNOWLEDGE_QUOTAS } from '../../../../../core/knowledge/knowledge-source';
import type { PlanName } from '../../../../../core/billing/plan';
import type { HomeNotice } from '../../../../../core/home/home-facts';
import type { InstallationRepository } from '../../../../../core/workspace/installation-repository.port';
import { isFullMemberOf } from '../../../../../core/workspace/member';
import { formatList } from '../../../../../core/shared/list-format';
import type { Locale } from '../../../../../core/workspace/user';
import { KNOWLEDGE_ACTIONS, KNOWLEDGE_MODALS } from '../../../../shared/knowledge-actions';
import { KNOWLEDGE_QUEUES } from '../../../../shared/knowledge-jobs';
import { knowledgeText } from '../../../../shared/messages/knowledge';
import { SLACK_QUEUES, type SlackEventJob } from '../../../../shared/slack-jobs';
import type { InteractionContext, InteractionHandler, InteractionReply } from './interaction-handler';
import { knowledgeModal, MODAL_INPUTS, type ModalKind } from './knowledge-modals';

export interface KnowledgeInteractionDeps {
  readonly installations: Pick<InstallationRepository, 'find'>;
  readonly sources: Pick<KnowledgeSourceRepository, 'get' | 'remove' | 'markQueued'>;
  readonly add: Pick<AddKnowledgeSource, 'execute'>;
  readonly views: Pick<SlackViews, 'open' | 'member'>;
  readonly planOf: (teamId: string) => Promise<PlanName>;
  readonly appName: string;
}

const ADD_ACTIONS: Readonly<Record<string, ModalKind>> = {
  [KNOWLEDGE_ACTIONS.addWeb]: 'web',
  [KNOWLEDGE_ACTIONS.addPdf]: 'pdf',
  [KNOWLEDGE_ACTIONS.addRepository]: 'repository',
};
const MODAL_KINDS = new Map<string, ModalKind>(Object.entries(KNOWLEDGE_MODALS).map(([kind, id]) => [id, kind as ModalKind]));

const stateValues = z.record(z.string(), z.record(z.string(), z.looseObject({ value: z.string().nullish(), files: z.array(z.looseObject({ id: z.string(), name: z.string().optional(), title: z.string().optional(), filetype: z.string().optional(), mimetype: z.string().optional(), permalink: z.string().optional() })).nullish() })));

/**
 * The uploaders' interactions: an "Add …" button opens its modal (views.open on the click's
 * trigger_id, within Slack's 3 seconds); a submitted modal adds the source(s) or answers with
 * field errors in the person's language; Delete (confirmed by Slack's dialog) removes a source
 * for its owner or an admin, and Try again queues a failed source's ingestion again for them. Home is then published again through a job (ids only).
 * Adding to the workspace's knowledge, which every answer may search, is for its full members
 * (`isFullMemberOf`, from users.info): a guest's or a Slack Connect person's Add or Try again
 * is answered with a Home notice, their submission with a field error. Delete stays theirs for
 * their own earlier sources: it only takes their contribution away.
 */
export function knowledgeInteractions(deps: KnowledgeInteractionDeps): InteractionHandler {
  return {
    name: 'knowledge',
    matches: (interaction) =>
      (interaction.type === 'block_actions' && (interaction.actions ?? []).some((a) => a.action_id?.startsWith(KNOWLEDGE_ACTIONS.prefix) === true)) ||
      (interaction.type === 'view_submission' && MODAL_KINDS.has(interaction.view?.callback_id ?? '')),
    async handle(context) {
      const installation = await deps.installations.find(context.teamId);
      if (!installation?.botToken || installation.uninstalledAt !== null) {
        context.logger.warn({ teamId: context.teamId }, 'knowledge interaction for a workspace without Tomo');
        // A modal left open while Tomo was uninstalled: say so in it rather than close it as if
        // the source had been added. A click has nowhere to say anything (no token, no response_url).
        return context.interaction.type === 'view_submission' ? notInstalled(deps, context.interaction) : {};
      }
      const token = installation.botToken;
      if (context.interaction.type === 'view_submission') return submit(deps, context, token);
      try {
        return await clicked(deps, context, token);
      } catch (error) {
        // Slack refused a call made within its 3 seconds (an expired trigger_id, an unknown user,
        // a rate limit) or did not answer in time: the click is acknowledged all the same, so
        // Slack does not show it as the app failing to answer; nothing was changed. A Home tab's
        // block action has no response_url and no channel for an ephemeral, so a Home published
        // again says why at its top.
        if (!isChatPlatformError(error)) throw error;
        context.logger.warn({ teamId: context.teamId, code: error.code, platformCode: error.platformCode, method: error.method }, 'knowledge click not handled');
        const expired = error.platformCode === 'expired_trigger_id' || error.code === 'unavailable';
        await refreshHome(context, expired ? 'button_expired' : 'button_failed');
        return {};
      }
    },
  };
}

/** A button in App Home: Add … (opens its modal), Delete or Try again. */
async function clicked(deps: KnowledgeInteractionDeps, context: InteractionContext, token: string): Promise<InteractionReply> {
  const action = (context.interaction.actions ?? []).find((a) => a.action_id?.startsWith(KNOWLEDGE_ACTIONS.prefix));
  if (!action?.action_id) return {};
  const kind = ADD_ACTIONS[action.action_id];
  if (kind) {
    const triggerId = context.interaction.trigger_id;
    if (!triggerId) return {};
    const [member, plan] = await Promise.all([deps.views.member(token, context.userId), deps.planOf(context.teamId)]);
    if (!mayAdd(member, context)) return refused(context, kind);
    await deps.views.open(token, triggerId, knowledgeModal(kind, { locale: member.locale, appName: deps.appName, maxPages: KNOWLEDGE_QUOTAS[plan].pagesPerSite }));
    return {};
  }
  if (action.action_id === KNOWLEDGE_ACTIONS.delete && action.value) {
    const member = await deps.views.member(token, context.userId);
    const outcome = await removeKnowledgeSource(deps.sources, { teamId: context.teamId, userId: context.userId, isAdmin: member.isAdmin, sourceId: action.value });
    context.logger.info({ teamId: context.teamId, userId: context.userId, outcome }, 'knowledge source delete');
    await refreshHome(context, noticeOf(outcome));
  }
  if (action.action_id === KNOWLEDGE_ACTIONS.retry && action.value) {
    const member = await deps.views.member(token, context.userId);
    if (!mayAdd(member, context)) return refused(context, 'retry');
    const outcome = await retryKnowledgeSource(
      { sources: deps.sources, queue: context.queue, ingestQueue: KNOWLEDGE_QUEUES.knowledgeIngest.name, clock: context.clock },
      { teamId: context.teamId, userId: context.userId, isAdmin: member.isAdmin, sourceId: action.value },
    );
    context.logger.info({ teamId: context.teamId, userId: context.userId, outcome }, 'knowledge source retry');
    await refreshHome(context, noticeOf(outcome));
  }
  return {};
}

async function submit(deps: KnowledgeInteractionDeps, context: InteractionContext, token: string): Promise<InteractionReply> {
  const view = context.interaction.view!;
  const kind = MODAL_KINDS.get(view.callback_id ?? '')!;
  const member = await memberOrUnknown(deps, context, token);
  const locale: Locale = modalLocale(view) ?? member?.locale ?? 'en';
  const parsed = stateValues.safeParse((view.state as { values?: unknown } | undefined)?.values ?? {});
  const values = parsed.success ? parsed.data : {};
  const field = (input: { block: string; action: string }) => values[input.block]?.[input.action];
  const t = (code: Parameters<typeof knowledgeText>[0], params: Record<string, string | number> = {}) => knowledgeText(code, { appName: deps.appName, ...params }, locale);
  // Before anything is read or stored: who may add is checked on every submission, since a
  // modal may have been opened before its submitter became a guest.
  const mainBlock = kind === 'pdf' ? MODAL_INPUTS.files.block : MODAL_INPUTS.url.block;
  if (!member) return errors(mainBlock, t('KNOWLEDGE.ERROR_MEMBER_UNKNOWN'));
  if (!mayAdd(member, context)) {
    context.logger.info({ teamId: context.teamId, userId: context.userId, kind }, 'knowledge source refused: not a full member');
    return errors(mainBlock, t('KNOWLEDGE.ERROR_GUEST'));
  }

  let request: NewSourceRequest;
  if (kind === 'pdf') {
    const files = field(MODAL_INPUTS.files)?.files ?? [];
    const notPdf = files.filter((f) => f.filetype !== 'pdf' && f.mimetype !== 'application/pdf');
    if (notPdf.length > 0) return errors(MODAL_INPUTS.files.block, t('KNOWLEDGE.ERROR_PDF_ONLY', { names: formatList(notPdf.map((f) => f.name ?? f.id), locale) }));
    request = { kind: 'pdf', files: files.map((f) => ({ id: f.id, name: f.name ?? f.title ?? f.id, ...(f.permalink ? { permalink: f.permalink } : {}) })) };
  } else if (kind === 'web') {
    const pages = Number(field(MODAL_INPUTS.pages)?.value ?? '1');
    request = { kind: 'web', url: field(MODAL_INPUTS.url)?.value ?? '', pages };
  } else {
    request = { kind: 'repository', url: field(MODAL_INPUTS.url)?.value ?? '' };
  }
  const result = await deps.add.execute(context.teamId, context.userId, request);
  if (result.status === 'refused') {
    switch (result.code) {
      case 'invalid_url':
        return errors(MODAL_INPUTS.url.block, t('KNOWLEDGE.ERROR_URL'));
      case 'invalid_github':
        return errors(MODAL_INPUTS.url.block, t('KNOWLEDGE.ERROR_GITHUB'));
      case 'invalid_pages':
        return errors(MODAL_INPUTS.pages.block, t('KNOWLEDGE.ERROR_PAGES', result.params));
      case 'no_file':
        return errors(MODAL_INPUTS.files.block, t('KNOWLEDGE.ERROR_NO_FILE'));
      case 'quota_sources':
        // Some room left, but fewer places than PDFs chosen: "already has {max}" would be untrue.
        if (Number(result.params.held) < Number(result.params.max)) {
          const room = Number(result.params.max) - Number(result.params.held);
          return errors(mainBlock, t('KNOWLEDGE.ERROR_QUOTA_SOURCES_ROOM', { ...result.params, room }));
        }
        return errors(mainBlock, t('KNOWLEDGE.ERROR_QUOTA_SOURCES', result.params));
      case 'duplicate':
        return errors(MODAL_INPUTS.url.block, t(kind === 'repository' ? 'KNOWLEDGE.ERROR_DUPLICATE_REPOSITORY' : 'KNOWLEDGE.ERROR_DUPLICATE_WEB'));
    }
  }
  context.logger.info({ teamId: context.teamId, userId: context.userId, kind, sources: result.sourceIds.length }, 'knowledge sources added');
  await refreshHome(context);
  return {};
}

/** The language the modal was opened in (its private_metadata), when it names one. */
function modalLocale(view: NonNullable<InteractionContext['interaction']['view']>): Locale | undefined {
  return view.private_metadata === 'ja' ? 'ja' : view.private_metadata === 'en' ? 'en' : undefined;
}

/**
 * Who submitted the modal (users.info): whether they may add, and their language for a modal
 * that does not name one. Slack refusing or not answering within the ack's time gives undefined,
 * so the modal stays open with a field error (in English unless the modal names its language),
 * where a thrown error would make Slack show only that the app did not respond.
 */
async function memberOrUnknown(deps: KnowledgeInteractionDeps, context: InteractionContext, token: string): Promise<SlackMemberFacts | undefined> {
  try {
    return await deps.views.member(token, context.userId);
  } catch (error) {
    if (!isChatPlatformError(error)) throw error;
    context.logger.warn({ teamId: context.teamId, code: error.code, platformCode: error.platformCode }, 'knowledge modal: the submitter is unknown');
    return undefined;
  }
}

/**
 * A full member of the workspace that installed Tomo (`context.teamId`, the view's
 * `app_installed_team_id` for a Slack Connect partner's interaction): not a guest
 * (`is_restricted`, `is_ultra_restricted`) nor a person of another organization.
 */
function mayAdd(member: SlackMemberFacts, context: InteractionContext): boolean {
  return isFullMemberOf(member.member, context.teamId);
}

/** An Add or Try again click from someone who may not add: Home again, saying why. */
async function refused(context: InteractionContext, action: ModalKind | 'retry'): Promise<InteractionReply> {
  context.logger.info({ teamId: context.teamId, userId: context.userId, action }, 'knowledge click refused: not a full member');
  await refreshHome(context, 'guest_read_only');
  return {};
}

/** The submitted modal's error that Tomo is no longer installed, on its input, in the modal's language. */
function notInstalled(deps: KnowledgeInteractionDeps, interaction: InteractionContext['interaction']): InteractionReply {
  const kind = MODAL_KINDS.get(interaction.view?.callback_id ?? '')!;
  const locale = (interaction.view && modalLocale(interaction.view)) ?? 'en';
  const block = kind === 'pdf' ? MODAL_INPUTS.files.block : MODAL_INPUTS.url.block;
  return errors(block, knowledgeText('KNOWLEDGE.ERROR_NOT_INSTALLED', { appName: deps.appName }, locale));
}

function errors(block: string, message: string): InteractionReply {
  return { body: { response_action: 'errors', errors: { [block]: message } } };
}

/**
 * What a Delete or Try again that changed nothing tells the person: they may not (no longer
 * an admin, or never the source's owner), or the source is gone. A retry of a source no
 * longer failed needs no word: Home shows it queued or reading.
 */
function noticeOf(outcome: 'removed' | 'queued' | 'not_found' | 'not_allowed' | 'not_failed'): HomeNotice | undefined {
  if (outcome === 'not_allowed') return 'not_allowed';
  if (outcome === 'not_found') return 'source_gone';
  return undefined;
}

/**
 * Home again for the person, at once (the ingestion job publishes its progress later), with
 * `notice` at its top when the click did nothing (a code: the worker words it in their language).
 */
async function refreshHome(context: InteractionContext, notice?: HomeNotice): Promise<void> {
  const clickId = context.interaction.trigger_id ?? `${context.userId}:${context.clock.now().getTime()}`;
  const eventId = `kn-click:${clickId}`.slice(0, 64);
  const payload: SlackEventJob = { kind: 'home', eventId, teamId: context.teamId, userId: context.userId, tab: 'home', ...(notice ? { notice } : {}) };
  await context.queue.send(SLACK_QUEUES.slackEvent.name, payload, { dedupeKey: `${context.teamId}:${eventId}` });
}
