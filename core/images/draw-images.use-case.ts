import { checkAsker, releaseHeld, type AnswerPipelineDeps, type Asker } from '../assistant/answer-pipeline';
import type { ThreadRef } from '../assistant/chat-platform.port';
import type { ChannelId } from '../shared/ids';
import type { OpenWorkspace } from '../triggers/trigger-gate';
import type { UsageKind } from '../usage/usage-event';
import type { Locale } from '../workspace/user';
import { IMAGE_VARIANTS, type DrawOutcome, type ImageStudio } from './image-studio';

export interface DirectImageRequestDeps extends Pick<AnswerPipelineDeps, 'checkEntitlement' | 'recordUsage' | 'links' | 'preferredProvider'> {
  readonly studio: ImageStudio;
  readonly texts: Pick<AnswerPipelineDeps['texts'], 'denial'> & {
    /** "is drawing 4 images…", in the asker's language. */
    drawing(count: number, locale: Locale): string;
  };
}

export interface DirectImageRequestInput {
  readonly workspace: OpenWorkspace;
  readonly asker: Asker;
  readonly usageKind: UsageKind;
  readonly channelId: ChannelId;
  readonly thread: ThreadRef;
  /** The question, where the thinking sign goes when no status can be shown. */
  readonly messageTs: string;
  readonly prompt: string;
}

export type DirectImageResult = { readonly status: 'denied'; readonly reason: string } | DrawOutcome;

/**
 * "Draw …" asked directly: no model in between. Entitlement as for any answer (a localized
 * refusal in the thread), then "is drawing 4 images…" while the provider works, then the four
 * pictures in one message, or the message saying why not. A generation that was posted counts
 * as one answered request of the trigger's kind.
 */
export class DirectImageRequest {
  constructor(private readonly deps: DirectImageRequestDeps) {}

  async execute(input: DirectImageRequestInput): Promise<DirectImageResult> {
    const { deps } = this;
    const { workspace, asker } = input;
    const { platform } = workspace;
    const entitlement = await checkAsker(deps, workspace.teamId, asker, { reserve: true });
    if (!entitlement.allowed) {
      await platform.postInThread(input.thread, deps.texts.denial(entitlement.error, asker.locale), asker.appearance);
      return { status: 'denied', reason: entitlement.reason };
    }
    const drawing = deps.studio.available
      ? await platform.showThinking({
          thread: input.thread,
          messageTs: input.messageTs,
          status: deps.texts.drawing(IMAGE_VARIANTS, asker.locale),
          appearance: asker.appearance,
        })
      : { clear: async () => undefined };
    let counted = false;
    try {
      const outcome = await deps.studio.draw({
        teamId: workspace.teamId,
        memberId: asker.id,
        subscriptionId: entitlement.subscriptionId,
        plan: entitlement.plan,
        prompt: input.prompt,
        locale: asker.locale,
        platform,
        thread: input.thread,
        appearance: asker.appearance,
      });
      if (outcome.status === 'posted') {
        await deps.recordUsage.execute({
          teamId: workspace.teamId,
          memberId: asker.id,
          subscriptionId: entitlement.subscriptionId,
          kind: input.usageKind,
          askedAt: entitlement.allowedAt,
          ...(entitlement.reservationId === undefined ? {} : { reservationId: entitlement.reservationId }),
        });
        counted = true;
      }
      return outcome;
    } finally {
      await drawing.clear();
      if (!counted && entitlement.reservationId !== undefined) await releaseHeld(deps, workspace.teamId, entitlement.reservationId);
    }
  }
}
