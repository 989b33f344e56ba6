import type { AskerResources } from '../tools/tool';
import { CUT_OFF_MARK, type AnswerTarget, type AnswerWriter, type ChatPlatform, type PostedAnswer, type ThreadRef } from './chat-platform.port';

/**
 * Private sources stay private: an answer built from the asker's own connections (their
 * Google Docs, GitHub, Slack search…) is never posted for everyone in a shared conversation.
 *
 * - `direct`: a conversation between Tomo and the asker alone; answers stream as usual.
 * - `shared`: a channel or group DM where the platform can answer privately; an answer that
 *   may use private sources is held back until it is complete, then goes to the asker alone
 *   (with a short note why) if it did use them, or to the thread if it did not.
 * - `public_only`: the platform cannot answer privately here (a workflow's output, a
 *   scheduled summary): the asker's connections are not offered at all.
 */
export type AnswerPrivacy = 'direct' | 'shared' | 'public_only';

export function privacyOf(platform: ChatPlatform, thread: ThreadRef): AnswerPrivacy {
  if (platform.isDirectConversation?.(thread.channelId) === true) return 'direct';
  return platform.postPrivately === undefined ? 'public_only' : 'shared';
}

/**
 * Among the services an answer used: a message from a conversation not everyone where the
 * answer goes may read (a private channel or DM linked in a channel), not a connection.
 */
export const PRIVATE_CONVERSATION = 'private-conversation';

/** The same resources without any integration token: nothing private can be read. */
export function withoutIntegrations(resources: AskerResources): AskerResources {
  return { ...resources, integrationToken: async () => undefined, integrationNeedsReconnect: async () => false };
}

export interface PrivateAnswerGateInput {
  readonly platform: ChatPlatform;
  readonly target: AnswerTarget;
  /** Which of the asker's services the answer used so far (empty: none, it may go to the thread). */
  usedServices(): readonly string[];
  /** The short note above a private answer, naming the services. */
  note(services: readonly string[]): string;
}

/**
 * Holds an answer that may use private sources until it is finished, then delivers it: to
 * the asker alone when it used any, else into the thread like any other answer.
 */
export class PrivateAnswerGate implements AnswerWriter {
  private text = '';

  constructor(private readonly input: PrivateAnswerGateInput) {}

  async append(text: string): Promise<void> {
    this.text += text;
  }

  async restart(): Promise<void> {
    this.text = '';
  }

  /** Nothing was shown yet: what was written goes out as it is, marked as cut off. */
  async interrupt(): Promise<void> {
    if (this.text === '') return;
    this.text += CUT_OFF_MARK;
    await this.finish();
  }

  async finish(): Promise<PostedAnswer> {
    const { platform, target } = this.input;
    const services = this.input.usedServices();
    if (services.length === 0 || platform.postPrivately === undefined) {
      const writer = platform.startAnswer(target);
      await writer.append(this.text);
      return writer.finish();
    }
    const delivered = await platform.postPrivately({
      thread: target.thread,
      userId: target.recipientUserId,
      text: `${this.input.note(services)}\n\n${this.text}`,
      ...(target.appearance ? { appearance: target.appearance } : {}),
    });
    return { messageTs: delivered.messageTs, delivery: delivered.via };
  }
}
