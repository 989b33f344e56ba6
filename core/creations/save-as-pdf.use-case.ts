import { checkAsker, type TriggerDeps } from '../assistant/answer-pipeline';
import { formatTime, validTimeZone } from '../shared/zoned-time';
import { isChatPlatformError } from '../assistant/chat-platform-error';
import type { SharedFile, ThreadMessage } from '../assistant/chat-platform.port';
import { displayNamesOf, userIdsInThread } from '../assistant/thread-context';
import type { DomainError } from '../shared/domain-error';
import type { ChannelId, TeamId, UserId } from '../shared/ids';
import type { OpenWorkspace } from '../triggers/trigger-gate';
import { TriggerUseCase } from '../triggers/trigger-use-case';
import { memberDisplayName } from '../workspace/member';
import { parseMrkdwn, type Block, type MrkdwnNames } from './mrkdwn';
import type { PdfDocument, PdfMessage, PdfRenderer } from './pdf-document';
import type { PdfTextCode, PdfTexts } from './pdf-texts';
import type { Locale } from '../workspace/user';

/** Where the PDF goes: the person's DM with Tomo (default), or the thread it was made from. */
export type PdfDestination = 'dm' | 'thread';

export interface SaveAsPdfInput {
  /** The shortcut's idempotency key (its trigger id): Slack's retries make one PDF. */
  readonly eventId: string;
  readonly teamId: TeamId;
  readonly userId: UserId;
  readonly channelId: ChannelId;
  readonly messageTs: string;
  readonly destination: PdfDestination;
}

export interface SaveAsPdfDeps extends TriggerDeps {
  readonly renderer: PdfRenderer;
  readonly pdfTexts: PdfTexts;
}

export type SaveAsPdfResult =
  | { readonly status: 'ignored'; readonly reason: 'duplicate' | 'not_installed' }
  | { readonly status: 'denied'; readonly reason: string }
  | { readonly status: 'unreadable' }
  | { readonly status: 'failed'; readonly code: string }
  | { readonly status: 'saved'; readonly messages: number; readonly bytes: number; readonly destination: PdfDestination };

/**
 * The "Save as PDF" message shortcut: the message, or the whole thread when it is the thread's
 * first message, as a PDF (authors by display name, times in the person's time zone, Slack
 * formatting kept), sent to the person's DM or into the thread. No model, no usage counted; the
 * person must be entitled to Tomo like for any answer, and a refusal only they see. Nothing of
 * the conversation or the PDF is stored or logged.
 */
export class SaveAsPdf extends TriggerUseCase<SaveAsPdfDeps> {
  async execute(input: SaveAsPdfInput): Promise<SaveAsPdfResult> {
    const gate = await this.gate.open({ key: input.eventId, teamId: input.teamId, type: 'save_as_pdf' });
    if (!gate.open) return { status: 'ignored', reason: gate.reason };
    const { workspace } = gate;
    const { deps } = this;
    const asker = await this.pipeline.asker(workspace, input.userId);
    const locale = asker.locale;

    const entitlement = await checkAsker(deps, input.teamId, asker);
    if (!entitlement.allowed) {
      await this.tellOnly(workspace, input, deps.texts.denial(entitlement.error as DomainError, locale), asker.appearance);
      return { status: 'denied', reason: entitlement.reason };
    }

    const found = await this.conversation(workspace, input);
    if (found === null) {
      await this.tellOnly(workspace, input, deps.pdfTexts.say('PDF.CANNOT_READ', {}, locale), asker.appearance);
      return { status: 'unreadable' };
    }
    const { messages, threadTs } = found;
    const { platform } = workspace;
    const profiles = await platform.getUsers(userIdsInThread(messages));
    const noName = (id: string) => deps.pdfTexts.say('UI.NO_NAME', { id }, locale);
    const names = displayNamesOf(profiles, noName);
    const channel = await platform.channelInfo(input.channelId).catch(() => null);
    const channelLabel = channel === null || channel.isIm || channel.name === null ? deps.pdfTexts.say('PDF.DIRECT_MESSAGE', {}, locale) : `#${channel.name}`;
    const timeZone = validTimeZone(asker.profile?.timeZone);
    const whole = messages.length > 1;
    const document: PdfDocument = {
      title: deps.pdfTexts.say(whole ? 'PDF.TITLE_THREAD' : 'PDF.TITLE_MESSAGE', { channel: channelLabel }, locale),
      subtitle: deps.pdfTexts.say(
        'PDF.SUBTITLE',
        {
          person: asker.profile ? memberDisplayName(asker.profile, noName) : input.userId,
          date: formatTime(deps.clock.now(), timeZone, locale),
          timeZone,
          count: messages.length,
        },
        locale,
      ),
      language: locale,
      messages: messages.map(
        (message, index): PdfMessage => ({
          author: authorOf(message, names, workspace, deps.pdfTexts.say('PDF.APP', {}, locale)),
          time: formatTime(tsToDate(message.ts), timeZone, locale),
          blocks: bodyOf(message, { user: (id) => names.get(id), channel: (id) => (id === input.channelId ? channel?.name ?? undefined : undefined) }, deps.pdfTexts, locale),
          attachments: (message.files ?? []).map((file) => attachmentLine(file, deps.pdfTexts, locale)),
          reply: index > 0,
        }),
      ),
    };
    const bytes = await deps.renderer.render(document);
    if (platform.uploadFiles === undefined) throw new Error('This chat platform cannot send files');
    try {
      const file = { name: fileName(channel?.name ?? 'dm', tsToDate(messages[0]!.ts)), title: document.title, mimetype: 'application/pdf', bytes };
      if (input.destination === 'thread') {
        const comment = deps.pdfTexts.say('PDF.POSTED_THREAD', { person: `<@${input.userId}>` }, locale);
        await platform.uploadFiles({ thread: { channelId: input.channelId, threadTs } }, [file], comment);
      } else {
        await platform.uploadFiles({ userId: input.userId }, [file], deps.pdfTexts.say('PDF.POSTED_DM', { channel: channelLabel }, locale));
      }
    } catch (error) {
      if (!isChatPlatformError(error)) throw error;
      await this.tellOnly(workspace, input, deps.pdfTexts.say('PDF.FAILED', {}, locale), asker.appearance).catch(() => undefined);
      return { status: 'failed', code: error.code };
    }
    return { status: 'saved', messages: messages.length, bytes: bytes.length, destination: input.destination };
  }

  /** The message; the whole thread when it is a thread's first message with replies. Null when Tomo cannot read it. */
  private async conversation(
    workspace: OpenWorkspace,
    input: SaveAsPdfInput,
  ): Promise<{ messages: ThreadMessage[]; threadTs: string } | null> {
    try {
      const message = await workspace.platform.readMessage(input.channelId, input.messageTs);
      if (message === null) return null;
      const isRoot = message.threadTs === message.ts && message.replyCount > 0;
      if (!isRoot) return { messages: [message], threadTs: message.threadTs };
      return { messages: await workspace.platform.readThread({ channelId: input.channelId, threadTs: message.ts }), threadTs: message.ts };
    } catch (error) {
      if (isChatPlatformError(error) && error.code === 'not_found') return null;
      throw error;
    }
  }

  /** A message only the person sees, where they used the shortcut; their DM when Tomo cannot post there. */
  private async tellOnly(workspace: OpenWorkspace, input: SaveAsPdfInput, text: string, appearance: { username?: string; iconUrl?: string }) {
    try {
      await workspace.platform.postEphemeral({ channelId: input.channelId, userId: input.userId, text, appearance });
    } catch (error) {
      if (!isChatPlatformError(error)) throw error;
      await workspace.platform.postDirect(input.userId, text, appearance);
    }
  }
}

/**
 * A shared file's line: its name, and why the conversation's readers cannot open it where Slack
 * lists it without letting anyone open it (deleted, hidden by the free plan, not Tomo's to see),
 * often without its name.
 */
function attachmentLine(file: SharedFile, texts: PdfTexts, locale: Locale): string {
  const name = file.name === '' ? texts.say('PDF.A_FILE', {}, locale) : file.name;
  const code = file.unavailable === undefined ? 'PDF.ATTACHMENT' : UNAVAILABLE_LINES[file.unavailable];
  return texts.say(code, { name }, locale);
}

const UNAVAILABLE_LINES = {
  deleted: 'PDF.ATTACHMENT_DELETED',
  hidden_by_limit: 'PDF.ATTACHMENT_HIDDEN',
  not_found: 'PDF.ATTACHMENT_NOT_FOUND',
} as const satisfies Record<NonNullable<SharedFile['unavailable']>, PdfTextCode>;

function authorOf(message: ThreadMessage, names: ReadonlyMap<string, string>, workspace: OpenWorkspace, app: string): string {
  if (message.userId !== undefined) return names.get(message.userId) ?? message.userId;
  if (message.botId !== undefined && message.botId === workspace.self.botId) return names.get(workspace.self.userId) ?? app;
  return message.botName ?? app;
}

/** What a message says; the messages it forwards after its own words, labelled in the reader's language. */
function bodyOf(message: ThreadMessage, names: MrkdwnNames, texts: PdfTexts, locale: Locale): Block[] {
  if (message.forwards === undefined) return parseMrkdwn(message.text, names);
  const forwards = message.forwards.map((forward) => {
    const label = forward.author === undefined ? texts.say('PDF.FORWARDED', {}, locale) : texts.say('PDF.FORWARDED_FROM', { person: forward.author }, locale);
    return `${label}\n${forward.text}`;
  });
  return parseMrkdwn([message.ownText ?? '', ...forwards].filter((part) => part.trim() !== '').join('\n'), names);
}

function tsToDate(ts: string): Date {
  return new Date(Math.floor(Number(ts) * 1000));
}

function fileName(channel: string, first: Date): string {
  const safe = channel.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'conversation';
  return `slack-${safe}-${first.toISOString().slice(0, 10)}.pdf`;
}
