import { describe, expect, it } from 'vitest';
import { ChatPlatformError } from '../../../core/assistant/chat-platform-error';
import type { ChatPlatform, OutgoingFile, UploadTarget } from '../../../core/assistant/chat-platform.port';
import { PLANS } from '../../../core/billing/plan-catalog';
import type { Plan } from '../../../core/billing/plan';
import { DirectImageRequest } from '../../../core/images/draw-images.use-case';
import { generateImageTool } from '../../../core/images/generate-image.tool';
import type { ImageGenerationRecord } from '../../../core/images/image-generation-log.port';
import { ImageGenerationError, type ImageGenerator } from '../../../core/images/image-generator.port';
import { ImageStudio } from '../../../core/images/image-studio';
import { domainError } from '../../../core/shared/domain-error';
import { ToolError } from '../../../core/tools/tool';

/** A thread that keeps what Tomo posted and uploaded (state, not calls). */
function thread(options: { uploads?: boolean; failUpload?: Error } = {}) {
  const posted: string[] = [];
  const uploaded: { target: UploadTarget; files: readonly OutgoingFile[]; comment?: string }[] = [];
  const platform = {
    postInThread: async (_thread: unknown, text: string) => {
      posted.push(text);
      return ['1.1'];
    },
    showThinking: async () => ({ clear: async () => undefined }),
    ...(options.uploads === false
      ? {}
      : {
          uploadFiles: async (target: UploadTarget, files: readonly OutgoingFile[], comment?: string) => {
            if (options.failUpload) throw options.failUpload;
            uploaded.push({ target, files, ...(comment === undefined ? {} : { comment }) });
          },
        }),
  } as unknown as ChatPlatform;
  return { platform, posted, uploaded };
}

function studio(generator: ImageGenerator | null, used = 0) {
  const records: ImageGenerationRecord[] = [];
  const held = new Set<string>();
  const studio = new ImageStudio({
    generator,
    generations: {
      hold: async (_team, hold) => (used + records.length + held.size >= hold.limit ? null : (held.add(hold.id), hold.id)),
      record: async (_team, record) => void (held.delete(record.id), records.push(record)),
      release: async (_team, id) => void held.delete(id),
      countForSeat: async () => used + records.length + held.size,
    },
    egressAudit: { record: async () => undefined, list: async () => [] },
    clock: { now: () => new Date('2026-11-23T10:00:00Z') },
    ids: { next: () => `id${records.length}` },
    texts: { say: (code, params) => `${code} ${JSON.stringify(params)}` },
  });
  return { studio, records, held };
}

const jpegs: ImageGenerator = {
  provider: 'openai',
  model: 'gpt-image-1',
  generate: async ({ count }) => Array.from({ length: count }, (_, i) => ({ bytes: new Uint8Array([0xff, 0xd8, i]), mimetype: 'image/jpeg' })),
};
const failing = (error: Error): ImageGenerator => ({ provider: 'openai', model: 'dall-e-3', generate: async () => Promise.reject(error) });

const draw = (s: ImageStudio, platform: ChatPlatform, plan: Plan = PLANS.free, prompt = 'a <!channel> cat & dog') =>
  s.draw({ teamId: 'T1', memberId: 'U1', subscriptionId: 'S1', plan, prompt, locale: 'en', platform, thread: { channelId: 'C1', threadTs: '1.0' } });

describe('ImageStudio', () => {
  it('posts four files in one upload, named by type, with the description escaped in the comment, and counts one generation', async () => {
    const { studio: s, records } = studio(jpegs);
    const t = thread();
    expect(await draw(s, t.platform)).toEqual({ status: 'posted', images: 4 });
    expect(t.uploaded).toHaveLength(1);
    expect(t.uploaded[0]!.files.map((f) => f.name)).toEqual(['tomo-image-1.jpg', 'tomo-image-2.jpg', 'tomo-image-3.jpg', 'tomo-image-4.jpg']);
    expect(t.uploaded[0]!.comment).toContain('a &lt;!channel&gt; cat &amp; dog');
    expect(records.map((r) => r.images)).toEqual([4]);
  });

  it('quotes a plain @here or @channel of the description in the comment without linking it', async () => {
    const t = thread();
    await draw(studio(jpegs).studio, t.platform, PLANS.free, '@here a poster for @channel');
    expect(t.uploaded[0]!.comment).toContain('@\u2060here a poster for @\u2060channel');
  });

  it.each([
    ['no provider', null, {}, 'IMAGES.NOT_AVAILABLE'],
    ['a platform that cannot upload', jpegs, { uploads: false }, 'IMAGES.NOT_AVAILABLE'],
    ['a content-policy refusal', failing(new ImageGenerationError('content_policy', 'moderation_blocked')), {}, 'IMAGES.CONTENT_POLICY'],
    ['a timeout', failing(new ImageGenerationError('timeout')), {}, 'IMAGES.TIMEOUT'],
    ['a rate limit', failing(new ImageGenerationError('rate_limited')), {}, 'IMAGES.RATE_LIMITED'],
    ['a provider failure', failing(new ImageGenerationError('unavailable')), {}, 'IMAGES.FAILED'],
    ['Slack refusing the upload', jpegs, { failUpload: new ChatPlatformError('failed', 'internal_error', 'files.uploadV2') }, 'IMAGES.FAILED'],
  ] as const)('%s: one message, nothing uploaded or counted', async (_name, generator, options, code) => {
    const { studio: s, records, held } = studio(generator);
    const t = thread(options);
    const outcome = await draw(s, t.platform);
    expect(outcome.status).toBe('refused');
    expect(t.posted.map((p) => p.split(' ')[0])).toEqual([code]);
    expect(t.uploaded).toEqual([]);
    expect(records).toEqual([]);
    // The allowance it held while drawing is given back.
    expect(held.size).toBe(0);
  });

  it('a plan without images, and a used-up allowance, refuse before asking the provider', async () => {
    let asked = 0;
    const counting: ImageGenerator = { ...jpegs, generate: async (r) => ((asked += 1), jpegs.generate(r)) };
    const t = thread();
    expect(await draw(studio(counting).studio, t.platform, { ...PLANS.free, imageGenerationsPerMonth: 0 })).toMatchObject({ reason: 'not_in_plan' });
    expect(await draw(studio(counting, 2).studio, t.platform)).toMatchObject({ reason: 'limit_reached' });
    expect(t.posted[1]).toBe('IMAGES.LIMIT_REACHED {"limit":2}');
    expect(asked).toBe(0);
  });

  it('unexpected errors (not the provider refusing) are thrown, not hidden, and give the allowance back', async () => {
    const t = thread({ failUpload: new Error('bug') });
    const failed = studio(jpegs);
    await expect(draw(failed.studio, t.platform)).rejects.toThrow('bug');
    expect(failed.held.size).toBe(0);
    await expect(draw(studio(failing(new Error('boom'))).studio, thread().platform)).rejects.toThrow('boom');
  });
});

describe('generate_image tool', () => {
  const context = (conversation?: object) => ({
    teamId: 'T1',
    userId: 'U1',
    locale: 'en' as const,
    plan: 'free' as const,
    searchResults: 1,
    signal: new AbortController().signal,
    ...(conversation ? { conversation: conversation as never } : {}),
  });

  it('refuses a missing or empty description and a conversation it cannot post to, as tool errors', async () => {
    const tool = generateImageTool(studio(jpegs).studio);
    await expect(tool.run({ prompt: '  ' }, context())).rejects.toBeInstanceOf(ToolError);
    await expect(tool.run({}, context())).rejects.toBeInstanceOf(ToolError);
    await expect(tool.run({ prompt: 'a cat' }, context())).rejects.toThrow('cannot be posted');
    expect(tool.status({})).toEqual({ code: 'drawing_images', count: 4 });
  });

  it('tells the model what the person was already told when no images were made', async () => {
    const tool = generateImageTool(studio(failing(new ImageGenerationError('content_policy'))).studio);
    const t = thread();
    const failure = await tool.run({ prompt: 'x' }, context({ platform: t.platform, thread: { channelId: 'C1', threadTs: '1.0' }, subscriptionId: 'S1' })).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ToolError);
    expect((failure as Error).message).toContain('content_policy');
    expect(t.posted).toHaveLength(1);
  });
});

describe('DirectImageRequest', () => {
  const asker = { id: 'U1', teamId: 'T1', profile: undefined, locale: 'ja' as const, appName: 'Tomo', appearance: {} };
  const deps = (allowed: boolean, generator: ImageGenerator | null, usage: string[]) => ({
    checkEntitlement: {
      execute: async () =>
        allowed
          ? ({ allowed: true, subscriptionId: 'S1', plan: PLANS.free } as never)
          : ({ allowed: false, reason: 'trial_over', error: domainError('ENTITLEMENT.TRIAL_OVER', {}) } as never),
    },
    recordUsage: { execute: async (input: { kind: string }) => (usage.push(input.kind), {} as never), release: async () => undefined },
    links: { en: { pricingUrl: 'p', membersUrl: 'm', subscriptionUrl: 's' }, ja: { pricingUrl: 'p', membersUrl: 'm', subscriptionUrl: 's' } },
    studio: studio(generator).studio,
    texts: { denial: (error: { code: string }) => `denied ${error.code}`, drawing: (n: number) => `drawing ${n}` },
  });
  const run = (d: ReturnType<typeof deps>, platform: ChatPlatform) =>
    new DirectImageRequest(d).execute({
      workspace: { teamId: 'T1', platform: platform as never, self: { userId: 'UB', botId: 'BB' } },
      asker,
      usageKind: 'direct_message',
      channelId: 'D1',
      thread: { channelId: 'D1', threadTs: '1.0' },
      messageTs: '1.0',
      prompt: '猫',
    });

  it('not entitled: the denial in the thread, nothing drawn or counted', async () => {
    const usage: string[] = [];
    const t = thread();
    expect(await run(deps(false, jpegs, usage), t.platform)).toEqual({ status: 'denied', reason: 'trial_over' });
    expect(t.posted).toEqual(['denied ENTITLEMENT.TRIAL_OVER']);
    expect(usage).toEqual([]);
  });

  it('drawn: counted once as the trigger kind; refused by the provider: not counted', async () => {
    const usage: string[] = [];
    expect(await run(deps(true, jpegs, usage), thread().platform)).toMatchObject({ status: 'posted' });
    expect(await run(deps(true, failing(new ImageGenerationError('timeout')), usage), thread().platform)).toMatchObject({ reason: 'timeout' });
    expect(await run(deps(true, null, usage), thread().platform)).toMatchObject({ reason: 'not_available' });
    expect(usage).toEqual(['direct_message']);
  });
});
