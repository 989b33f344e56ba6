import { PLANS } from '../billing/plan-catalog';
import type { PlanName } from '../billing/plan';
import { ToolError, type Tool } from '../tools/tool';
import { IMAGE_VARIANTS, type ImageStudio } from './image-studio';
import { MAX_IMAGE_PROMPT_CHARS } from './image-request';

/** Longer than the loop's 20 s: the provider may take a minute for four pictures (its own limit is shorter). */
export const IMAGE_TOOL_TIMEOUT_MS = 150_000;

const PLANS_WITH_IMAGES: readonly PlanName[] = Object.values(PLANS)
  .filter((plan) => plan.imageGenerationsPerMonth > 0)
  .map((plan) => plan.name);

/**
 * `generate_image`: the model asks for pictures when the person wants one. Tomo draws four
 * variants and posts them in the thread in one message itself; the model hears only whether
 * that worked. Offered only with an image-capable provider, on plans with images, where the
 * answer can send files.
 */
export function generateImageTool(studio: ImageStudio): Tool {
  return {
    name: 'generate_image',
    description:
      `Draws ${IMAGE_VARIANTS} variants of a picture from a description and posts them in this conversation. ` +
      'Use it only when the person asks for an image, picture, illustration, logo, photo or drawing. ' +
      'Write the description in English, detailed and visual (subject, style, composition, colours). ' +
      'After it returns, answer in one or two sentences; do not describe the images as if you could see them.',
    parameters: {
      type: 'object',
      properties: {
        prompt: { type: 'string', minLength: 1, maxLength: MAX_IMAGE_PROMPT_CHARS, description: 'What to draw: a detailed visual description' },
      },
      required: ['prompt'],
      additionalProperties: false,
    },
    plugin: null,
    plans: PLANS_WITH_IMAGES,
    needs: { fileUploads: true },
    timeoutMs: IMAGE_TOOL_TIMEOUT_MS,
    status: () => ({ code: 'drawing_images', count: IMAGE_VARIANTS }),
    async run(args, context) {
      const prompt = typeof args.prompt === 'string' ? args.prompt.trim() : '';
      if (prompt === '' || [...prompt].length > MAX_IMAGE_PROMPT_CHARS) {
        throw new ToolError(`"prompt" must be a description of 1 to ${MAX_IMAGE_PROMPT_CHARS} characters.`);
      }
      const conversation = context.conversation;
      const plan = Object.values(PLANS).find((candidate) => candidate.name === context.plan);
      if (conversation === undefined || plan === undefined) throw new ToolError('Images cannot be posted in this conversation.');
      const outcome = await studio.draw({
        teamId: context.teamId,
        memberId: context.userId,
        subscriptionId: conversation.subscriptionId,
        plan,
        prompt,
        locale: context.locale,
        platform: conversation.platform,
        thread: conversation.thread,
        signal: context.signal,
        ...(conversation.appearance ? { appearance: conversation.appearance } : {}),
      });
      if (outcome.status === 'posted') {
        return { content: `${outcome.images} images were posted in the thread. Say in one short sentence that they are above; do not list them.` };
      }
      throw new ToolError(
        `No images were made (${outcome.reason}). The person has already been told in the thread, in their language: "${outcome.text}". ` +
          'Do not call generate_image again for this request and do not repeat that message; answer in one short sentence.',
      );
    },
  };
}
