import { isChatPlatformError } from '../assistant/chat-platform-error';
import type { EgressAuditLog } from '../assistant/egress-audit-log.port';
import type { BotAppearance, ChatPlatform, OutgoingFile, ThreadRef } from '../assistant/chat-platform.port';
import type { Plan } from '../billing/plan';
import type { Clock } from '../shared/clock.port';
import { escapeSlackText } from '../shared/slack-escapes';
import { neutraliseMentions } from '../shared/special-mentions';
import type { IdGenerator } from '../shared/id-generator.port';
import type { SubscriptionId, TeamId, UserId } from '../shared/ids';
import { usageWindow } from '../usage/request-limit';
import type { Locale } from '../workspace/user';
import type { ImageGenerationLog } from './image-generation-log.port';
import { isImageGenerationError, type ImageGenerationErrorCode, type ImageGenerator } from './image-generator.port';
import type { ImageTextCode, ImageTexts } from './image-texts';

/** Tomo always draws four variants (spec 1: "image generation (4 variants)"). */
export const IMAGE_VARIANTS = 4;

/** A hold its worker never finished (killed while drawing) stops counting after this. */
const HOLD_MS = 15 * 60_000;

export type ImageRefusal = 'not_available' | 'not_in_plan' | 'limit_reached' | ImageGenerationErrorCode;

export type DrawOutcome =
  | { readonly status: 'posted'; readonly images: number }
  | { readonly status: 'refused'; readonly reason: ImageRefusal; readonly text: string };

export interface DrawInput {
  readonly teamId: TeamId;
  readonly memberId: UserId;
  readonly subscriptionId: SubscriptionId;
  readonly plan: Plan;
  readonly prompt: string;
  readonly locale: Locale;
  readonly platform: ChatPlatform;
  readonly thread: ThreadRef;
  readonly appearance?: BotAppearance;
  readonly signal?: AbortSignal;
}

export interface ImageStudioDeps {
  /** null: no image-capable provider is configured (Anthropic alone, or OPENAI_IMAGE_MODEL=none). */
  readonly generator: ImageGenerator | null;
  readonly generations: ImageGenerationLog;
  readonly egressAudit: EgressAuditLog;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly texts: ImageTexts;
}

const REFUSAL_TEXTS: Readonly<Record<ImageRefusal, ImageTextCode>> = {
  not_available: 'IMAGES.NOT_AVAILABLE',
  not_in_plan: 'IMAGES.NOT_IN_PLAN',
  limit_reached: 'IMAGES.LIMIT_REACHED',
  content_policy: 'IMAGES.CONTENT_POLICY',
  timeout: 'IMAGES.TIMEOUT',
  rate_limited: 'IMAGES.RATE_LIMITED',
  unavailable: 'IMAGES.FAILED',
};

/**
 * Four pictures for a description, all in ONE message in the thread, or one localized
 * message saying why not (not available, not in the plan, the month's allowance used, the
 * provider's content policy, a timeout, a rate limit): never some of them. Each generation
 * holds its place in the seat's monthly allowance while it is drawn, so generations asked
 * together cannot pass it, and counts once posted (given back otherwise); neither the
 * description nor the pictures are stored or logged.
 */
export class ImageStudio {
  constructor(private readonly deps: ImageStudioDeps) {}

  get available(): boolean {
    return this.deps.generator !== null;
  }

  async draw(input: DrawInput): Promise<DrawOutcome> {
    const { deps } = this;
    const generator = deps.generator;
    if (generator === null || input.platform.uploadFiles === undefined) return this.refuse(input, 'not_available');
    const limit = input.plan.imageGenerationsPerMonth;
    if (limit <= 0) return this.refuse(input, 'not_in_plan');
    const now = deps.clock.now();
    const holdId = await deps.generations.hold(input.teamId, {
      id: deps.ids.next(),
      memberId: input.memberId,
      subscriptionId: input.subscriptionId,
      since: usageWindow(now).start,
      limit,
      now,
      until: new Date(now.getTime() + HOLD_MS),
    });
    if (holdId === null) return this.refuse(input, 'limit_reached', { limit });
    let posted = false;
    try {
      const outcome = await this.drawHeld(input, generator);
      if (outcome.status === 'posted') {
        await deps.generations.record(input.teamId, {
          id: holdId,
          teamId: input.teamId,
          memberId: input.memberId,
          subscriptionId: input.subscriptionId,
          images: outcome.images,
          occurredAt: deps.clock.now(),
        });
        posted = true;
      }
      return outcome;
    } finally {
      // A hold not given back (PostgreSQL away) ends on its own after HOLD_MS.
      if (!posted) await deps.generations.release(input.teamId, holdId).catch(() => undefined);
    }
  }

  /** Draws and posts, the seat's allowance already held. */
  private async drawHeld(input: DrawInput, generator: ImageGenerator): Promise<DrawOutcome> {
    let images;
    try {
      images = await generator.generate({ prompt: input.prompt, count: IMAGE_VARIANTS, ...(input.signal ? { signal: input.signal } : {}) });
    } catch (error) {
      if (!isImageGenerationError(error)) throw error;
      await this.recordEgress(input, generator);
      return this.refuse(input, error.code);
    }
    await this.recordEgress(input, generator);
    const files: OutgoingFile[] = images.map((image, index) => {
      const extension = image.mimetype.split('/')[1] === 'jpeg' ? 'jpg' : (image.mimetype.split('/')[1] ?? 'png');
      return {
        name: `tomo-image-${index + 1}.${extension}`,
        title: `${shorten(input.prompt, 60)} (${index + 1}/${images.length})`,
        mimetype: image.mimetype,
        bytes: image.bytes,
        altText: shorten(input.prompt, 1_000),
      };
    });
    const comment = this.deps.texts.say('IMAGES.POSTED', { count: files.length, prompt: neutraliseMentions(escapeSlackText(shorten(input.prompt, 300))) }, input.locale);
    try {
      await input.platform.uploadFiles!({ thread: input.thread }, files, comment);
    } catch (error) {
      // Slack refused the upload (nothing was shared: the files are completed in one call).
      if (!isChatPlatformError(error)) throw error;
      return this.refuse(input, 'unavailable').catch(() => ({ status: 'refused', reason: 'unavailable', text: '' }) as const);
    }
    return { status: 'posted', images: files.length };
  }

  private async refuse(input: DrawInput, reason: ImageRefusal, params: Record<string, string | number> = {}): Promise<DrawOutcome> {
    const text = this.deps.texts.say(REFUSAL_TEXTS[reason], params, input.locale);
    await input.platform.postInThread(input.thread, text, input.appearance);
    return { status: 'refused', reason, text };
  }

  /** The description left the workspace for the provider (names and counts only). */
  private async recordEgress(input: DrawInput, generator: ImageGenerator): Promise<void> {
    await this.deps.egressAudit.record(input.teamId, {
      teamId: input.teamId,
      memberId: input.memberId,
      provider: generator.provider,
      model: generator.model,
      inputTokens: null,
      outputTokens: null,
      sourceKinds: ['image_prompt'],
      toolsCalled: ['generate_image'],
      occurredAt: this.deps.clock.now(),
    });
  }
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}
